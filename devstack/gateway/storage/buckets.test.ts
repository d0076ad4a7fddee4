import { describe, expect, it } from "vitest";
import {
  assertCreatableBucketName,
  assertValidMimeTypes,
  bucketSettings,
  parseFileSizeLimit,
} from "./buckets.ts";
import { StorageError } from "./errors.ts";

function errorOf(run: () => unknown): { code: string; message: string } | null {
  try {
    run();
    return null;
  } catch (error) {
    if (!(error instanceof StorageError)) throw error;
    return { code: error.code, message: error.message };
  }
}

describe("parseFileSizeLimit (storage-api's parseFileSizeToBytes)", () => {
  it.each([
    [1000, 1000],
    [0, 0],
    ["3B", 3],
    ["30KB", 30_000],
    ["20mb", 20_000_000],
    ["1.5MB", 1_500_000],
    ["1.2345MB", 1_230_000],
    ["0.05GB", 50_000_000],
  ])("%s is %i bytes", (limit, bytes) => {
    expect(parseFileSizeLimit(limit)).toBe(bytes);
  });

  it.each([
    ["20", "InvalidRequest"],
    ["20 MB", "InvalidRequest"],
    ["twenty MB", "InvalidRequest"],
    ["20MiB", "InvalidRequest"],
    ["1GB", "EntityTooLarge"],
    [60_000_000, "EntityTooLarge"],
  ])("%s is refused with %s", (limit, code) => {
    expect(errorOf(() => parseFileSizeLimit(limit))?.code).toBe(code);
  });
});

describe("assertValidMimeTypes", () => {
  it.each([["image/png"], ["image/*"], ["text/plain; charset=utf-8"], ["application/vnd.ms-excel"], ["*"]])(
    "accepts %s",
    (mimeType) => {
      expect(errorOf(() => assertValidMimeTypes([mimeType]))).toBeNull();
    },
  );

  it.each([["image"], ["image/png; boundary=x"], ["text/<script>"], [`image/${"x".repeat(1000)}`]])(
    "refuses %s",
    (mimeType) => {
      expect(errorOf(() => assertValidMimeTypes([mimeType]))).toEqual({
        code: "InvalidMimeType",
        message: `mime type ${mimeType} is not supported`,
      });
    },
  );
});

describe("assertCreatableBucketName", () => {
  it.each([
    ["avatars", null],
    [" avatars", "InvalidBucketName"],
    ["avatars ", "InvalidBucketName"],
    ["a/b", "InvalidBucketName"],
    ["lake--iceberg", "InvalidBucketName"],
    ["x".repeat(101), "InvalidBucketName"],
  ])("%s: %s", (name, code) => {
    expect(errorOf(() => assertCreatableBucketName(name))?.code ?? null).toBe(code);
  });
});

describe("bucketSettings", () => {
  it("leaves absent settings absent and drops empty mime types, as storage-api does", () => {
    expect(bucketSettings({ public: true })).toEqual({ public: true });
    expect(bucketSettings({ file_size_limit: null, allowed_mime_types: ["", "image/png"] })).toEqual({
      public: undefined,
      fileSizeLimit: null,
      allowedMimeTypes: ["image/png"],
    });
  });
});
