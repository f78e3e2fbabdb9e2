/**
 * Reads a new password for the admin command: the first line of standard input when it is piped
 * (`printf '%s\n' "$PASSWORD" | npm run admin -- set-password <email>`), otherwise a prompt on the
 * terminal that echoes nothing, asked twice.
 */
import type { Readable, Writable } from 'node:stream';
import { CommandError } from './set-password';

/** The first line of a piped input, without its line ending. */
export async function readFirstLine(input: Readable): Promise<string> {
  let text = '';
  for await (const chunk of input) {
    text += typeof chunk === 'string' ? chunk : (chunk as Buffer).toString('utf8');
    if (text.includes('\n')) break;
  }
  return text.split('\n')[0]!.replace(/\r$/, '');
}

/** One line typed on a terminal in raw mode, shown as nothing; Ctrl+C or Ctrl+D cancels. */
function askHidden(input: NodeJS.ReadStream, output: Writable, question: string): Promise<string> {
  return new Promise((resolve, reject) => {
    let value = '';
    output.write(question);
    input.setRawMode(true);
    input.setEncoding('utf8');
    input.resume();
    const finish = () => {
      input.off('data', onData);
      input.setRawMode(false);
      input.pause();
      output.write('\n');
    };
    const onData = (chunk: string) => {
      for (const char of chunk) {
        if (char === '\r' || char === '\n') {
          finish();
          resolve(value);
          return;
        }
        if (char === '\u0003' || char === '\u0004') {
          finish();
          reject(new CommandError('Cancelled: nothing was changed.'));
          return;
        }
        if (char === '\u007f' || char === '\b') value = value.slice(0, -1);
        else value += char;
      }
    };
    input.on('data', onData);
  });
}

export async function readNewPassword(input: NodeJS.ReadStream, output: Writable, email: string): Promise<string> {
  if (!input.isTTY) return readFirstLine(input);
  const first = await askHidden(input, output, `New password for ${email}: `);
  const second = await askHidden(input, output, 'The same password again: ');
  if (first !== second) throw new CommandError('The two passwords differ: nothing was changed.');
  return first;
}
