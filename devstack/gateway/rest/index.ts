import { Hono } from "hono";
import type { GatewayContext } from "../context.ts";

export function restService(_ctx: GatewayContext): Hono {
  return new Hono();
}
