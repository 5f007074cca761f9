import bcrypt from 'bcryptjs'

/** Runs in the password pool's worker threads: bcrypt is CPU-bound and would otherwise block requests. */
export type PasswordTask =
  | { op: 'hash'; password: string; cost: number }
  | { op: 'compare'; password: string; hash: string }

export default function run(task: PasswordTask): Promise<string | boolean> {
  return task.op === 'hash' ? bcrypt.hash(task.password, task.cost) : bcrypt.compare(task.password, task.hash)
}
