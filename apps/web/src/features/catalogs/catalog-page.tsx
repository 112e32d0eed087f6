import { useState } from 'react';
import { ImportButton } from '../../components/import/import-button';
import { CrudPage } from '../../components/list/crud-page';
import type { ResourceRow } from '../../components/list/resource-types';
import { useCurrentRoute } from '../../lib/routing/current-route';
import { useIsMobile } from '../../lib/use-media-query';
import { CATALOG_PAGES, type CatalogPageDeclaration } from './catalog-pages';

function DeclaredCatalogPage({ page }: { page: CatalogPageDeclaration }) {
  const [detailsOf, setDetailsOf] = useState<ResourceRow | null>(null);
  const details = page.details;
  const isMobile = useIsMobile();
  return (
    <CrudPage
      resource={page.catalog}
      extraActions={details ? [{ key: 'details', icon: details.icon, label: details.label, onClick: setDetailsOf }] : []}
      toolbar={<ImportButton resource={page.catalog} compact={isMobile} />}
      {...(page.attachments ? { attachments: page.attachments } : {})}
    >
      {details && detailsOf && <details.Dialog row={detailsOf} onHide={() => setDetailsOf(null)} />}
    </CrudPage>
  );
}

/** Every /catalogos/* route: the page declared for it in CATALOG_PAGES. */
export default function CatalogPage() {
  const route = useCurrentRoute();
  const page = route ? CATALOG_PAGES[route.key] : undefined;
  if (!route || !page) throw new Error(`No hay una página de catálogo para la ruta ${route?.path ?? '(desconocida)'}`);
  // One instance per catalogue: moving between catalogues starts from a clean page.
  return <DeclaredCatalogPage key={route.key} page={page} />;
}
