// opentype.js ships no types: only the few calls the word marks use, so tsc checks them.
declare module "opentype.js" {
  interface OpentypeBoundingBox {
    x1: number;
    y1: number;
    x2: number;
    y2: number;
  }
  interface OpentypePathCommand {
    type: "M" | "L" | "C" | "Q" | "Z";
    x?: number;
    y?: number;
    x1?: number;
    y1?: number;
    x2?: number;
    y2?: number;
  }
  interface OpentypePath {
    commands: OpentypePathCommand[];
    getBoundingBox(): OpentypeBoundingBox;
  }
  interface OpentypeRenderOptions {
    kerning?: boolean;
    letterSpacing?: number;
  }
  interface OpentypeFont {
    unitsPerEm: number;
    getPath(text: string, x: number, y: number, fontSize: number, options?: OpentypeRenderOptions): OpentypePath;
    getAdvanceWidth(text: string, fontSize: number, options?: OpentypeRenderOptions): number;
  }
  const opentype: { parse(buffer: ArrayBuffer): OpentypeFont };
  export default opentype;
}
