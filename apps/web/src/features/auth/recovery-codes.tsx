import { useState } from 'react';

/** The ten recovery codes, shown once: to copy or download, with what they are for. */
export function RecoveryCodes({ codes }: { codes: readonly string[] }) {
  const [copied, setCopied] = useState(false);
  const text = `Códigos de recuperación de GOC (cada uno sirve una sola vez)\n\n${codes.join('\n')}\n`;
  const copy = async () => {
    await navigator.clipboard.writeText(text);
    setCopied(true);
  };
  const download = () => {
    const url = URL.createObjectURL(new Blob([text], { type: 'text/plain;charset=utf-8' }));
    const link = document.createElement('a');
    link.href = url;
    link.download = 'goc-codigos-de-recuperacion.txt';
    link.click();
    URL.revokeObjectURL(url);
  };
  const button =
    'flex flex-1 cursor-pointer items-center justify-center gap-2 rounded-md border border-solid border-slate-300 bg-white px-3 py-2 text-sm font-medium text-slate-700 hover:bg-slate-50 focus-visible:ring-4 focus-visible:ring-blue-200 focus-visible:outline-none';
  return (
    <div className="flex flex-col gap-3">
      <p className="m-0 text-sm text-slate-600">
        Guárdalos en un lugar seguro: si pierdes tu teléfono o tu llave de acceso, cada código te deja entrar <strong>una sola vez</strong>. No se volverán a mostrar.
      </p>
      <ul aria-label="Códigos de recuperación" className="m-0 grid list-none grid-cols-2 gap-2 rounded-md border border-slate-200 bg-slate-50 p-3 font-mono text-sm text-slate-800">
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ul>
      <div className="flex gap-2">
        <button type="button" className={button} onClick={() => void copy()}>
          <i className={`pi ${copied ? 'pi-check' : 'pi-copy'}`} aria-hidden="true" />
          {copied ? 'Copiados' : 'Copiar'}
        </button>
        <button type="button" className={button} onClick={download}>
          <i className="pi pi-download" aria-hidden="true" />
          Descargar
        </button>
      </div>
    </div>
  );
}
