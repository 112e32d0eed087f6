import { EmptyState } from '../../components/empty-state';
import { useCurrentRoute } from '../../lib/routing/current-route';
import { CATALOG_TEXTS } from './catalog-texts';

/** Every /catalogos/* route until the generic catalogue list replaces it: what the catalogue holds. */
export default function CatalogPage() {
  const route = useCurrentRoute();
  const text = route ? CATALOG_TEXTS[route.key] : undefined;
  return (
    <EmptyState
      icon={text?.icon ?? 'pi pi-list'}
      title={text?.empty ?? 'Aún no hay registros que mostrar'}
      description={text?.description}
    />
  );
}
