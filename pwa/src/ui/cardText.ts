// A playing card as the server writes it ("Ts", "Kh": rank then suit, P-SidePots) the way a
// person reads it: "10♠", "K♥". The same as backend/read/audit.py card_text.
const SUITS: Record<string, string> = { c: "♣", d: "♦", h: "♥", s: "♠" };

export function cardText(card: string): string {
  const rank = card[0] === "T" ? "10" : card.slice(0, 1);
  return rank + (SUITS[card.slice(1, 2)] ?? card.slice(1, 2));
}
