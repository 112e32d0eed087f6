declare module 'subset-font' {
  type Axis = number | { min: number; max: number; default?: number };
  interface Options {
    targetFormat?: 'woff2' | 'woff' | 'truetype' | 'sfnt';
    variationAxes?: Record<string, Axis>;
    keepFeatures?: string[];
  }
  export default function subsetFont(font: Buffer, text: string, options?: Options): Promise<Buffer>;
}
