/** The ports a use-case takes: its first parameter (the roots build them, the use-cases declare them). */
export type PortsOf<UseCase extends (...args: never[]) => unknown> = Parameters<UseCase>[0];
