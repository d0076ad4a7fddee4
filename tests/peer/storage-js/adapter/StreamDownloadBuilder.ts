import { StreamDownloadBuilder } from "./builders.ts";

export default StreamDownloadBuilder;
