import { stockMessage } from "./variant-choice";

/** "In stock", "Only 3 left" or "Out of stock" for the chosen variant; read out when the choice changes it. */
export function StockMessage({ stock }: { stock: number }) {
  const message = stockMessage(stock);
  return (
    <p className="stock-message" data-level={message.level} role="status">
      {message.text}
    </p>
  );
}
