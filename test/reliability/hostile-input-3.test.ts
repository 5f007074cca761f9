import { fuzz } from './hostile-input.js'

await fuzz(2, 3)
