/**
 * V8's young-generation collections (scavenges) of a server, read from the lines `--trace-gc-nvp`
 * prints: how long they paused it and how much they promoted to the old generation. On Node 20 a
 * process can run in a mode where the rows of every query it reads are promoted (docs/performance.md):
 * this shows which mode each process of a run was in, and what it cost per request.
 */
import type { Child } from './lib.js'

export const GC_TRACE_FLAG = '--trace-gc-nvp'

export interface Scavenges {
  count: number
  pauseMs: number
  promotedBytes: number
}

/**
 * `[pid:isolate]   123 ms: pause=0.8 mutator=… gc=s … promoted=7270064 …`, one line per collection
 * (Node 24 adds a thread number to the bracket: `[pid:isolate:0]`).
 */
const LINE = /^\[\d+:(0x[0-9a-f]+)(?::\d+)?\]\s.*\bgc=s\s/
const PAUSE = /\bpause=([\d.]+)/
const PROMOTED = /\bpromoted=(\d+)/
const field = (line: string, pattern: RegExp) => Number(pattern.exec(line)?.[1] ?? 0)

/** Counts the child's scavenges from now on; the returned function reads the totals so far. */
export function countScavenges(child: Child): () => Scavenges {
  const total: Scavenges = { count: 0, pauseMs: 0, promotedBytes: 0 }
  let mainIsolate: string | undefined
  let partial = ''
  child.onOutput((text) => {
    const lines = (partial + text).split('\n')
    partial = lines.pop() ?? ''
    for (const line of lines) {
      const isolate = LINE.exec(line)?.[1]
      if (isolate === undefined) continue
      // A worker thread (the service's password hashers) traces its own heap: the first collection of
      // a process is its main thread's, which starts before any worker does.
      mainIsolate ??= isolate
      if (isolate !== mainIsolate) continue
      total.count++
      total.pauseMs += field(line, PAUSE)
      total.promotedBytes += field(line, PROMOTED)
    }
  })
  return () => ({ ...total })
}
