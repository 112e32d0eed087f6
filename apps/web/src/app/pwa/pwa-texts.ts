/** Spanish texts of installing GOC and of its updates (docs/offline.md "Instalación y actualizaciones"). */
export const pwaTexts = {
  install: 'Instalar GOC',
  newVersion: 'Hay una versión nueva de GOC',
  update: 'Actualizar',
  later: 'Más tarde',
  saveFirst: 'Guarda tus cambios antes de actualizar',
} as const;
