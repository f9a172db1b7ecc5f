import type { ViewBlock } from "../../server/modules/pages/index.ts";
import { leavingPath } from "../../server/modules/external-links/shared.ts";
import { safeLocalPath } from "../../server/lib/shared.ts";
import { imageSrcSet, imageUrl } from "../../server/modules/media/shared.ts";
import { Countdown } from "./countdown";
import { NewsletterSignup } from "./newsletter/signup-form";
import { ProductGrid } from "./product-grid";
import { Link } from "./ui/link";
import { VideoFacade } from "./video/video-facade";

/** A shop page's blocks in order: text, images, videos, product carousels, calls to action, a countdown, a sign-up. */
export function PageBlocks({ blocks, currency }: { blocks: ViewBlock[]; currency: string }) {
  return (
    <div className="flex flex-col gap-10">
      {blocks.map((block, i) => (
        <PageBlockView key={i} block={block} currency={currency} first={i === 0} />
      ))}
    </div>
  );
}

function PageBlockView({ block, currency, first }: { block: ViewBlock; currency: string; first: boolean }) {
  switch (block.kind) {
    case "text":
      return <div className="rich-text" dangerouslySetInnerHTML={{ __html: block.html }} />;
    case "image":
      return (
        <figure>
          <img
            className="aspect-video w-full rounded-xl bg-grey-100 object-cover"
            src={imageUrl("cover", 800, block.src)}
            srcSet={imageSrcSet("cover", block.src, [480, 640, 800, 1200])}
            sizes="(min-width: 1024px) 960px, 100vw"
            alt={block.alt}
            width={800}
            height={450}
            loading={first ? "eager" : "lazy"}
          />
          {block.caption && <figcaption className="mt-2 text-sm text-grey-600">{block.caption}</figcaption>}
        </figure>
      );
    case "video":
      return <VideoFacade url={block.url} title={block.title ?? undefined} />;
    case "products":
      return (
        <section aria-label={block.title}>
          <h2 className="mb-4 text-2xl font-bold tracking-tight">{block.title}</h2>
          <ProductGrid products={block.products} currency={currency} />
        </section>
      );
    case "cta":
      return (
        <section className="rounded-xl bg-mint-50 p-6 sm:p-8">
          <h2 className="text-2xl font-bold tracking-tight">{block.title}</h2>
          {block.text && <p className="mt-2 max-w-prose text-grey-700">{block.text}</p>}
          <p className="mt-4">
            {/* A path of the shop, or a link out through the notice (signed by the server, which wrote it). */}
            {safeLocalPath(block.href) !== null ? (
              <Link to={block.href} className="button-primary inline-block">
                {block.label}
              </Link>
            ) : (
              <a href={leavingPath(block.href, block.sig ?? undefined)} className="button-primary inline-block">
                {block.label}
              </a>
            )}
          </p>
        </section>
      );
    case "countdown":
      return <Countdown until={block.until} title={block.title} />;
    case "signup":
      return (
        <section className="rounded-xl border border-grey-200 p-6 sm:p-8">
          <NewsletterSignup source="launch" title={block.title} text={block.text ?? undefined} />
        </section>
      );
  }
}
