import { existsSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { chromium, type Page } from 'playwright-core'
import type { Test } from 'tap'

/** Debian's Chromium, driven by playwright-core: the tests that need it skip, with this reason, without it. */
const CHROMIUM = '/usr/bin/chromium'
export const noChromium = existsSync(CHROMIUM) ? false : 'Chromium is not installed (apt-get install chromium)'

const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  // Chromium otherwise calls home at start-up; on a closed network those connections are refused.
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
]

/** Generous: a page may parse a large bundle, and test files share the cores. */
export const WAIT_MS = 90_000

/** A page in a fresh browser profile, closed and removed when the test ends. */
export async function browserPage(t: Test, name: string): Promise<Page> {
  const profile = mkdtempSync(join(tmpdir(), `${name}-`))
  const browser = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM,
    headless: true,
    args: CHROMIUM_ARGS,
    timeout: WAIT_MS,
  })
  t.teardown(async () => {
    await browser.close()
    rmSync(profile, { recursive: true, force: true })
  })
  const page = browser.pages()[0] ?? (await browser.newPage())
  page.setDefaultTimeout(WAIT_MS)
  return page
}
