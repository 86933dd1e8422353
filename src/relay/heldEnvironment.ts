import type { IEnvironment } from "relay-runtime";

/** An environment a route or panel holds while it is shown, and gives back when it is left. */
export interface HeldEnvironment {
  environment: IEnvironment;
  release(): void;
}
