import { unzipSync } from "fflate";

/** What a zip's central directory says about its parts, read without unpacking any of them. */
export interface ZipDeclaration {
  entries: number;
  /** The sizes the parts declare once unpacked, added up. */
  unzippedBytes: number;
}

/**
 * The declared sizes of a zip-based document's parts (Word, PowerPoint), from its central directory:
 * cheap (no part is inflated), so a zip bomb is refused before mammoth's JSZip would inflate it. A part
 * may lie about its size; the reading process's memory cap catches that. Null when the bytes are no
 * readable zip: the document reader then says the file is damaged, as before.
 */
export function zipDeclaration(bytes: Uint8Array): ZipDeclaration | null {
  const declared: ZipDeclaration = { entries: 0, unzippedBytes: 0 };
  try {
    unzipSync(bytes, {
      filter: (entry) => {
        declared.entries += 1;
        declared.unzippedBytes += entry.originalSize;
        return false;
      },
    });
  } catch {
    return null;
  }
  return declared;
}
