import { fuzz } from './hostile-input.js'

await fuzz(0, 3)
