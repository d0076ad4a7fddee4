import { BlobDownloadBuilder } from "./builders.ts";

export default BlobDownloadBuilder;
