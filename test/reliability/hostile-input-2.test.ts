import { fuzz } from './hostile-input.js'

await fuzz(1, 3)
