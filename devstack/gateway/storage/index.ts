import { Hono } from "hono";
import type { GatewayContext } from "../context.ts";

export function storageService(_ctx: GatewayContext): Hono {
  return new Hono();
}
