/** One line per event; tests silence it with LOG_LEVEL=silent. */
let silent = process.env.LOG_LEVEL === "silent";

export function setSilent(value: boolean) {
  silent = value;
}

export const log = {
  info(message: string) {
    if (!silent) console.log(message);
  },
  error(message: string, error?: unknown) {
    if (!silent) console.error(message, error ?? "");
  },
};
