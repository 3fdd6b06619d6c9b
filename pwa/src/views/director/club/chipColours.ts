// The colours poker chips come in, with the screen colour of each swatch. The value of a colour
// is the club's own (the chip set says which chip is worth what); the list only names colours.
export const CHIP_COLOURS: Record<string, string> = {
  white: "#f4f4f4",
  red: "#d23b3b",
  green: "#2f9e55",
  black: "#1b1b1b",
  blue: "#2f6fd6",
  purple: "#7d4bc4",
  yellow: "#f2c230",
  orange: "#ee8a2a",
  pink: "#ef7fb6",
  grey: "#9aa3ad",
  brown: "#8a5a36",
};

export function swatchOf(colour: string): string {
  return CHIP_COLOURS[colour] ?? "#556";
}
