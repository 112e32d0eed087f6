import { Button, type ButtonProps } from 'primereact/button';
import { offlineTexts } from '../lib/offline/offline-texts';
import { useOnline } from '../lib/use-online';

/**
 * A button whose action needs the server (upload a CFDI, close a cut, ask Dirección): while the
 * browser is offline it is disabled, named «… (requiere conexión)» and its tooltip says why — the
 * same words as a row action with `needsConnection` (components/list/row-actions.tsx).
 */
export function OnlineOnlyButton(props: ButtonProps) {
  const online = useOnline();
  const name = props['aria-label'] ?? props.label ?? '';
  // A tooltip shown on a disabled button moves it into a wrapper of PrimeReact's own, left behind
  // when the tooltip goes: this span is what React adds and removes, never the moved button.
  return (
    <span className="inline-flex">
      {online ? (
        <Button {...props} />
      ) : (
        <Button
          {...props}
          disabled
          aria-label={`${name} (${offlineTexts.needsConnection})`}
          // An icon-only button names its action in the tooltip, as a row's icon buttons do.
          tooltip={props.label ? offlineTexts.onlineOnly : `${name}: ${offlineTexts.onlineOnly}`}
          tooltipOptions={{ position: 'top', showDelay: 400, ...props.tooltipOptions, showOnDisabled: true }}
        />
      )}
    </span>
  );
}
