import t from 'tap'
import { formatDuration, formatUptime, formatWindow, parseDuration } from '../../src/duration.js'

t.test('parseDuration reads Go duration text as milliseconds', async (t) => {
  for (const [text, ms] of [
    ['900ms', 900],
    ['30s', 30_000],
    ['15m', 900_000],
    ['1h30m', 5_400_000],
    ['168h', 604_800_000],
    ['1h30m15s500ms', 5_415_500],
    ['2562047h47m16.854775807s', 9_223_372_036_854.775],
    ['1.5s', 1500],
    ['.5s', 500],
    ['2h0m', 7_200_000],
    ['1500us', 1.5],
    ['1500µs', 1.5],
    ['1000000ns', 1],
    ['0', 0],
    ['0s', 0],
  ] as const)
    t.equal(parseDuration(text), ms, text)
})

t.test('parseDuration refuses anything else with null', async (t) => {
  for (const text of [
    '',
    '15',
    '1d',
    '1w',
    's',
    '-1s',
    '+1s',
    ' 1s',
    '1s ',
    '1h 30m',
    '1.s',
    '1S',
    'one second',
    '0x10s',
    '2562048h',
    '9999999999999999h',
  ])
    t.equal(parseDuration(text), null, JSON.stringify(text))
})

t.test('formatDuration prints milliseconds the way Go prints a duration', async (t) => {
  for (const [ms, text] of [
    [0, '0s'],
    [-5, '0s'],
    [0.5, '500µs'],
    [0.0015, '1.5µs'],
    [1.234, '1.234ms'],
    [42, '42ms'],
    [999, '999ms'],
    [1000, '1s'],
    [2500, '2.5s'],
    [60_000, '1m0s'],
    [61_500, '1m1.5s'],
    [3_661_000, '1h1m1s'],
    [5_400_000, '1h30m0s'],
    [604_800_000, '168h0m0s'],
  ] as const)
    t.equal(formatDuration(ms), text, `${ms}ms`)
})

t.test('formatDuration and parseDuration round-trip', async (t) => {
  for (const ms of [0.5, 1.234, 999, 2500, 61_500, 5_400_000]) t.equal(parseDuration(formatDuration(ms)), ms, `${ms}ms`)
})

t.test('formatUptime prints whole units separated by spaces', async (t) => {
  for (const [ms, text] of [
    [0, '0s'],
    [999, '0s'],
    [10_999, '10s'],
    [65_000, '1m 5s'],
    [3_600_000, '1h 0m 0s'],
    [(3 * 3600 + 25 * 60 + 10) * 1000, '3h 25m 10s'],
    [(86_400 + 3661) * 1000, '1d 1h 1m 1s'],
    [2 * 86_400 * 1000, '2d 0h 0m 0s'],
  ] as const)
    t.equal(formatUptime(ms), text, `${ms}ms`)
})

t.test('the window is written as in the settings', async (t) => {
  t.equal(formatWindow(60_000), '1m')
  t.equal(formatWindow(30_000), '30s')
  t.equal(formatWindow(3_600_000), '1h')
  t.equal(formatWindow(5_400_000), '1h30m')
  t.equal(formatWindow(3_605_000), '1h5s')
  t.equal(formatWindow(1500), '1.5s')
  t.equal(formatWindow(900), '900ms')
})
