import { Hono } from "hono";
import type { GatewayContext } from "../context.ts";

export function functionsService(_ctx: GatewayContext): Hono {
  return new Hono();
}
