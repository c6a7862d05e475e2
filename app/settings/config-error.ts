/** A setting with a value that cannot work: the message names the variable and what is wrong. */
export class ConfigError extends Error {
  constructor(
    readonly variable: string,
    problem: string,
  ) {
    super(`Invalid configuration: ${variable} ${problem}`);
    this.name = "ConfigError";
  }
}
