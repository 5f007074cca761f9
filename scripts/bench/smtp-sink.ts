import type { AddressInfo } from 'node:net'
import { SMTPServer } from 'smtp-server'

/**
 * An SMTP server on the loopback that accepts every mail and notes, per recipient, when each arrived:
 * what the service's mail worker talks to in the benchmark.
 */
export async function startSmtpSink() {
  const arrivals = new Map<string, number[]>()
  let total = 0
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      stream.resume()
      stream.on('end', () => {
        const at = performance.now()
        total++
        for (const rcpt of session.envelope.rcptTo) {
          const address = rcpt.address.toLowerCase()
          arrivals.set(address, [...(arrivals.get(address) ?? []), at])
        }
        callback()
      })
    },
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()))
  const { port } = server.server.address() as AddressInfo
  return {
    url: `smtp://127.0.0.1:${port}`,
    arrivals,
    total: () => total,
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}
