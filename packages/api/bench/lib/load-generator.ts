// A load generator runs in a child process of its own (bench/*-client.ts), so that sending the
// requests does not share an event loop with what measures or serves them: the parent sends it
// one input and waits for its one result.
import { fork, type Serializable } from 'node:child_process';
import { fileURLToPath } from 'node:url';

/**
 * Forks the load generator `script` (a TypeScript file, run with tsx's loader), sends it
 * `input` and resolves with its result. A string it sends before that is a signal (e.g. 'warm'),
 * given to `onSignal` with a way to answer it.
 */
export function runLoadGenerator<R>(
  script: URL,
  input: Serializable,
  onSignal?: (signal: string, answer: (message: Serializable) => void) => Promise<void>,
): Promise<R> {
  const child = fork(fileURLToPath(script), { execArgv: ['--import', 'tsx'] });
  return new Promise<R>((resolve, reject) => {
    child.on('message', (message) => {
      if (typeof message === 'string' && onSignal !== undefined) {
        onSignal(message, (answer) => child.send(answer)).catch(reject);
        return;
      }
      resolve(message as R);
    });
    child.once('error', reject);
    child.once('exit', (code) => reject(new Error(`the load generator exited with ${code}`)));
    child.send(input);
  });
}

/** In the load generator: runs `run` on the parent's input, sends back its result and exits. */
export function answerParent<I, R extends Serializable>(run: (input: I) => Promise<R>): void {
  process.once('message', (input) => {
    run(input as I).then(
      (result) => process.send?.(result, () => process.exit(0)),
      (error: unknown) => {
        console.error(error);
        process.exit(1);
      },
    );
  });
}
