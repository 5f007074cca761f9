import { createServer } from 'node:net'
import { setTimeout as delay } from 'node:timers/promises'
import { type ParsedMail, simpleParser } from 'mailparser'
import { SMTPServer } from 'smtp-server'
import type { Test } from 'tap'

/** A mail the test server accepted, parsed, with the addresses it was given to. */
export interface ReceivedMail {
  to: string[]
  subject: string
  text: string
  html: string
  parsed: ParsedMail
}

export interface TestSmtp {
  /** smtp://127.0.0.1:<port>, for SMTP_URL. */
  url: string
  port: number
  received: ReceivedMail[]
  /** Starts answering (again) on the same port. */
  start(): Promise<void>
  /** Stops answering: connections to the port are refused. */
  stop(): Promise<void>
  /** Refuses the next `count` mails to an address with the given reply (451 by default). */
  refuseNext(address: string, count: number, code?: number): void
  /** Holds the answer to the next mail to an address for `ms` once it has arrived: a send that is slow to end. */
  stallNext(address: string, ms: number): void
  /** The mails received for one address, with that subject if one is given. */
  to(address: string, subject?: string): ReceivedMail[]
  /** Waits for the `n`th mail to an address (1 = the first), of those with the subject if one is given. */
  waitFor(address: string, n?: number, subject?: string): Promise<ReceivedMail>
}

/** A free port on the loopback, closed again so a server can start on it later. */
export async function freePort(): Promise<number> {
  const server = createServer()
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as { port: number }
  await new Promise((resolve) => server.close(resolve))
  return port
}

/**
 * A real SMTP server (smtp-server) on a loopback port, reading every mail with mailparser: what the
 * service's mail worker talks to in the tests. Plain SMTP without STARTTLS, any or no authentication.
 * Started unless `{ running: false }` (a server that is down); stopped when the test ends.
 */
export async function testSmtp(t: Test, { running = true }: { running?: boolean } = {}): Promise<TestSmtp> {
  const port = await freePort()
  const received: ReceivedMail[] = []
  const refusals = new Map<string, { count: number; code: number }>()
  const stalls = new Map<string, number>()
  let server: SMTPServer | undefined

  const make = () =>
    new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onAuth: (_auth, _session, callback) => callback(null, { user: 'test' }),
      onRcptTo: (address, _session, callback) => {
        const refusal = refusals.get(address.address.toLowerCase())
        if (refusal && refusal.count > 0) {
          refusal.count--
          const error = Object.assign(new Error('Refused by the test'), { responseCode: refusal.code })
          callback(error)
          return
        }
        callback()
      },
      onData: (stream, session, callback) => {
        simpleParser(stream).then(
          async (parsed) => {
            received.push({
              to: session.envelope.rcptTo.map((rcpt) => rcpt.address.toLowerCase()),
              subject: parsed.subject ?? '',
              text: parsed.text ?? '',
              html: typeof parsed.html === 'string' ? parsed.html : '',
              parsed,
            })
            // Received, and then answered late: the sender waits without knowing it arrived.
            for (const { address } of session.envelope.rcptTo) {
              const stall = stalls.get(address.toLowerCase())
              if (stall === undefined) continue
              stalls.delete(address.toLowerCase())
              await delay(stall)
            }
            callback()
          },
          (error: Error) => callback(error),
        )
      },
    })

  const smtp: TestSmtp = {
    url: `smtp://127.0.0.1:${port}`,
    port,
    received,
    async start() {
      if (server) return
      const started = make()
      await new Promise<void>((resolve, reject) => {
        started.once('error', reject)
        started.listen(port, '127.0.0.1', () => resolve())
      })
      server = started
    },
    async stop() {
      const running = server
      server = undefined
      if (running) await new Promise<void>((resolve) => running.close(() => resolve()))
    },
    refuseNext(address, count, code = 451) {
      refusals.set(address.toLowerCase(), { count, code })
    },
    stallNext(address, ms) {
      stalls.set(address.toLowerCase(), ms)
    },
    to: (address, subject) =>
      received.filter(
        (mail) => mail.to.includes(address.toLowerCase()) && (subject === undefined || mail.subject === subject),
      ),
    async waitFor(address, n = 1, subject = undefined) {
      const timeoutMs = 60_000
      const deadline = Date.now() + timeoutMs
      while (Date.now() < deadline) {
        const mail = smtp.to(address, subject)[n - 1]
        if (mail) return mail
        await delay(25)
      }
      throw new Error(`no mail number ${n} to ${address} within ${timeoutMs} ms`)
    },
  }
  if (running) await smtp.start()
  t.teardown(() => smtp.stop())
  return smtp
}

/** The token of the first link in a mail. */
export function linkToken(mail: ReceivedMail): string {
  const token = mail.text.match(/[?&]token=([0-9a-f]{64})/)?.[1]
  if (!token) throw new Error(`no token link in the mail "${mail.subject}"`)
  return token
}
