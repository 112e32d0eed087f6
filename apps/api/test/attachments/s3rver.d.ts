/** The part of s3rver (a local S3-compatible server, no types of its own) the S3 test uses. */
declare module 's3rver' {
  export default class S3rver {
    constructor(options: { port: number; address: string; silent: boolean; directory: string; configureBuckets: { name: string }[] });
    run(): Promise<{ port: number }>;
    close(): Promise<void>;
  }
}
