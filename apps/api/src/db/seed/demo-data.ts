import type { EmployeeStatus } from '../schema';
import type { WorkStatus } from '@goc/contracts';
import type { Person } from './mexican-people';

/*
 * Realistic demo data for a Mexican construction group: enough companies, business lines, works,
 * people and materials for every screen to be meaningful. All identifiers are valid (CURP and NSS
 * check digits, RFC and registro patronal formats); the test suite verifies them.
 */

export const DEMO_COMPANIES = [
  {
    key: 'goc',
    name: 'Grupo Orozco Constructora, S.A. de C.V.',
    rfc: 'GOC950314KT2',
    employerRegistration: 'Y6012345102',
    imssGuide: '22011',
    address: 'Av. Constituyentes 1020, Col. Centro Sur, 76090 Santiago de Querétaro, Qro.',
    phone: '442 215 3800',
    // Orders of its works at or above this total wait for Dirección (Aprobación de pedidos).
    approvalLimit: '250000.00',
  },
  {
    key: 'bajio',
    name: 'Edificaciones del Bajío, S.A. de C.V.',
    rfc: 'EBA030820MN4',
    employerRegistration: 'E3218765103',
    imssGuide: '19054',
    address: 'Blvd. Adolfo López Mateos 2205, Col. Jardines del Moral, 37160 León, Gto.',
    phone: '477 718 4410',
    // Orders of its works at or above this total wait for Dirección (Aprobación de pedidos).
    approvalLimit: '200000.00',
  },
  {
    key: 'norte',
    name: 'Infraestructura y Caminos del Norte, S.A. de C.V.',
    rfc: 'ICN100511QR7',
    employerRegistration: 'C1234567109',
    imssGuide: '11023',
    address: 'Av. Lázaro Cárdenas 2424, Col. Residencial San Agustín, 66260 San Pedro Garza García, N.L.',
    phone: '818 335 9020',
    // Orders of its works at or above this total wait for Dirección (Aprobación de pedidos).
    approvalLimit: '500000.00',
  },
  {
    key: 'industrial',
    name: 'Desarrollos Industriales Orozco, S.A.P.I. de C.V.',
    rfc: 'DIO150902HS8',
    employerRegistration: 'D5123456100',
    address: 'Carretera Estatal 200 km 22, Parque Aeroespacial, 76270 Colón, Qro.',
    phone: '442 196 7700',
    // Orders of its works at or above this total wait for Dirección (Aprobación de pedidos).
    approvalLimit: '300000.00',
  },
] as const;
export type CompanyKey = (typeof DEMO_COMPANIES)[number]['key'];

export const DEMO_ICONS = [
  { name: 'Casa', value: 'pi pi-home' },
  { name: 'Edificio', value: 'pi pi-building' },
  { name: 'Edificio público', value: 'pi pi-building-columns' },
  { name: 'Mapa', value: 'pi pi-map' },
  { name: 'Almacén', value: 'pi pi-warehouse' },
  { name: 'Tienda', value: 'pi pi-shop' },
  { name: 'Rayo', value: 'pi pi-bolt' },
  { name: 'Sol', value: 'pi pi-sun' },
  { name: 'Camión', value: 'pi pi-truck' },
  { name: 'Llave', value: 'pi pi-wrench' },
  { name: 'Martillo', value: 'pi pi-hammer' },
  { name: 'Engrane', value: 'pi pi-cog' },
  { name: 'Maletín', value: 'pi pi-briefcase' },
  { name: 'Caja', value: 'pi pi-box' },
  { name: 'Organigrama', value: 'pi pi-sitemap' },
  { name: 'Globo', value: 'pi pi-globe' },
] as const;

/** Business lines (categories) with their icon, color and subcategories. */
export const DEMO_CATEGORIES = [
  {
    name: 'Vivienda',
    description: 'Fraccionamientos, vivienda vertical y residencial',
    icon: 'pi pi-home',
    color: '#2563eb',
    subcategories: ['Vivienda de interés social', 'Vivienda residencial', 'Vivienda vertical'],
  },
  {
    name: 'Infraestructura',
    description: 'Carreteras, puentes y redes de agua para gobierno y particulares',
    icon: 'pi pi-map',
    color: '#d97706',
    subcategories: ['Carreteras y caminos', 'Puentes', 'Agua potable y drenaje'],
  },
  {
    name: 'Industrial',
    description: 'Naves industriales y plantas de proceso',
    icon: 'pi pi-warehouse',
    color: '#475569',
    subcategories: ['Naves industriales', 'Plantas de proceso'],
  },
  {
    name: 'Comercial',
    description: 'Plazas comerciales, oficinas corporativas y hoteles',
    icon: 'pi pi-shop',
    color: '#16a34a',
    subcategories: ['Plazas comerciales', 'Oficinas corporativas', 'Hotelería'],
  },
  {
    name: 'Energía',
    description: 'Parques solares y subestaciones eléctricas',
    icon: 'pi pi-bolt',
    color: '#ca8a04',
    subcategories: ['Parques solares', 'Subestaciones eléctricas'],
  },
] as const;

export const DEMO_UNITS = [
  { abbreviation: 'm3', name: 'Metro cúbico' },
  { abbreviation: 'm2', name: 'Metro cuadrado' },
  { abbreviation: 'm', name: 'Metro lineal' },
  { abbreviation: 'kg', name: 'Kilogramo' },
  { abbreviation: 'ton', name: 'Tonelada' },
  { abbreviation: 'l', name: 'Litro' },
  { abbreviation: 'pza', name: 'Pieza' },
  { abbreviation: 'saco', name: 'Saco' },
  { abbreviation: 'rollo', name: 'Rollo' },
  { abbreviation: 'cubeta', name: 'Cubeta' },
  { abbreviation: 'viaje', name: 'Viaje' },
  { abbreviation: 'jgo', name: 'Juego' },
] as const;

export const DEMO_MATERIAL_CATEGORIES = [
  { name: 'Agregados', description: 'Arena, grava, tepetate y bases' },
  { name: 'Cementantes', description: 'Cemento, mortero, cal y yeso' },
  { name: 'Acero', description: 'Varilla, alambre, malla y armados' },
  { name: 'Concreto premezclado', description: 'Concreto en olla y servicio de bombeo' },
  { name: 'Block y tabique', description: 'Block de concreto, tabique y tabicón' },
  { name: 'Madera y cimbra', description: 'Triplay, polines y barrotes para cimbra' },
  { name: 'Eléctrico', description: 'Cable, canalización y accesorios eléctricos' },
  { name: 'Hidrosanitario', description: 'Tubería, conexiones y tinacos' },
  { name: 'Acabados', description: 'Pintura, pisos y adhesivos' },
  { name: 'Impermeabilizantes', description: 'Impermeabilizantes y membranas' },
  { name: 'Herramienta menor', description: 'Herramienta de mano y equipo de seguridad' },
] as const;
type MaterialCategoryName = (typeof DEMO_MATERIAL_CATEGORIES)[number]['name'];
type UnitAbbreviation = (typeof DEMO_UNITS)[number]['abbreviation'];

/** [name, category, unit, reference price MXN] — codes are assigned in order (MAT-0001…). */
export const DEMO_MATERIALS: readonly [string, MaterialCategoryName, UnitAbbreviation, string][] = [
  ['Arena de río', 'Agregados', 'm3', '450.00'],
  ['Grava de 3/4"', 'Agregados', 'm3', '520.00'],
  ['Grava de 1 1/2"', 'Agregados', 'm3', '500.00'],
  ['Tepetate', 'Agregados', 'm3', '210.00'],
  ['Base hidráulica', 'Agregados', 'm3', '380.00'],
  ['Cemento gris CPC 30R, saco 50 kg', 'Cementantes', 'saco', '235.00'],
  ['Cemento blanco, saco 50 kg', 'Cementantes', 'saco', '410.00'],
  ['Mortero, saco 50 kg', 'Cementantes', 'saco', '175.00'],
  ['Cal hidratada, saco 25 kg', 'Cementantes', 'saco', '95.00'],
  ['Yeso, saco 40 kg', 'Cementantes', 'saco', '120.00'],
  ['Varilla corrugada de 3/8"', 'Acero', 'ton', '21500.00'],
  ['Varilla corrugada de 1/2"', 'Acero', 'ton', '21200.00'],
  ['Alambre recocido cal. 18', 'Acero', 'kg', '32.00'],
  ['Malla electrosoldada 6-6/10-10', 'Acero', 'rollo', '2950.00'],
  ['Armex 15x15-4', 'Acero', 'pza', '245.00'],
  ['Clavo de 2 1/2"', 'Acero', 'kg', '38.00'],
  ["Concreto premezclado f'c=200 kg/cm2", 'Concreto premezclado', 'm3', '2350.00'],
  ["Concreto premezclado f'c=250 kg/cm2", 'Concreto premezclado', 'm3', '2550.00'],
  ["Concreto premezclado f'c=300 kg/cm2", 'Concreto premezclado', 'm3', '2780.00'],
  ['Servicio de bombeo de concreto', 'Concreto premezclado', 'm3', '260.00'],
  ['Block hueco 12x20x40 cm', 'Block y tabique', 'pza', '14.50'],
  ['Block hueco 15x20x40 cm', 'Block y tabique', 'pza', '17.80'],
  ['Tabique rojo recocido', 'Block y tabique', 'pza', '4.20'],
  ['Tabicón 10x14x28 cm', 'Block y tabique', 'pza', '6.80'],
  ['Triplay de pino 16 mm', 'Madera y cimbra', 'pza', '720.00'],
  ['Polín de 4x4" x 8 ft', 'Madera y cimbra', 'pza', '145.00'],
  ['Barrote de 2x4" x 8 ft', 'Madera y cimbra', 'pza', '85.00'],
  ['Cable THW cal. 12, rollo 100 m', 'Eléctrico', 'rollo', '1450.00'],
  ['Tubo conduit PVC de 1/2"', 'Eléctrico', 'pza', '28.00'],
  ['Centro de carga de 8 polos', 'Eléctrico', 'pza', '890.00'],
  ['Contacto dúplex polarizado', 'Eléctrico', 'pza', '55.00'],
  ['Tubo PVC sanitario de 4", 6 m', 'Hidrosanitario', 'pza', '420.00'],
  ['Tubo CPVC de 1/2", 6 m', 'Hidrosanitario', 'pza', '95.00'],
  ['Tinaco de 1,100 l', 'Hidrosanitario', 'pza', '2850.00'],
  ['Codo PVC sanitario de 4" x 90°', 'Hidrosanitario', 'pza', '48.00'],
  ['Pintura vinílica blanca, cubeta 19 l', 'Acabados', 'cubeta', '1650.00'],
  ['Loseta cerámica 33x33 cm', 'Acabados', 'm2', '189.00'],
  ['Pegazulejo, saco 20 kg', 'Acabados', 'saco', '135.00'],
  ['Impermeabilizante acrílico 5 años, cubeta 19 l', 'Impermeabilizantes', 'cubeta', '1890.00'],
  ['Membrana de refuerzo poliéster', 'Impermeabilizantes', 'rollo', '420.00'],
  ['Carretilla de 5 ft3', 'Herramienta menor', 'pza', '1250.00'],
  ['Pala cuadrada', 'Herramienta menor', 'pza', '260.00'],
  ['Casco de seguridad con suspensión', 'Herramienta menor', 'pza', '145.00'],
];

export const DEMO_SUPPLIERS: readonly {
  name: string;
  rfc: string;
  contactName: string;
  phone: string;
  email: string;
  address: string;
  categories: MaterialCategoryName[];
}[] = [
  {
    name: 'Cementos y Agregados del Centro, S.A. de C.V.',
    rfc: 'CAC080515AB1',
    contactName: 'Rodrigo Salinas Vega',
    phone: '442 210 4455',
    email: 'ventas@cementosdelcentro.example',
    address: 'Carretera a Chichimequillas km 4.5, 76146 Querétaro, Qro.',
    categories: ['Agregados', 'Cementantes'],
  },
  {
    name: 'Aceros Industriales de Querétaro, S.A. de C.V.',
    rfc: 'AIQ990301KJ5',
    contactName: 'Mariana Téllez Ochoa',
    phone: '442 248 9100',
    email: 'pedidos@acerosqro.example',
    address: 'Av. 5 de Febrero 1805, Zona Industrial Benito Juárez, 76120 Querétaro, Qro.',
    categories: ['Acero'],
  },
  {
    name: 'Concretos Premezclados Anáhuac, S.A. de C.V.',
    rfc: 'CPA120704P29',
    contactName: 'Jorge Castañeda Ruiz',
    phone: '818 390 2200',
    email: 'programacion@concretosanahuac.example',
    address: 'Av. Nogalar Sur 450, 66480 San Nicolás de los Garza, N.L.',
    categories: ['Concreto premezclado'],
  },
  {
    name: 'Materiales para Construcción La Esperanza, S.A. de C.V.',
    rfc: 'MCE051122RT3',
    contactName: 'Patricia Nava Lozano',
    phone: '477 763 1820',
    email: 'mostrador@laesperanza.example',
    address: 'Blvd. Hilario Medina 3120, 37260 León, Gto.',
    categories: ['Block y tabique', 'Cementantes', 'Agregados'],
  },
  {
    name: 'Maderas y Cimbras del Golfo, S.A. de C.V.',
    rfc: 'MCG110218D47',
    contactName: 'Héctor Villalobos Pérez',
    phone: '229 921 4040',
    email: 'ventas@maderasgolfo.example',
    address: 'Av. Cuauhtémoc 2870, 91919 Veracruz, Ver.',
    categories: ['Madera y cimbra'],
  },
  {
    name: 'Suministros Eléctricos Monterrey, S.A. de C.V.',
    rfc: 'SEM070930UV6',
    contactName: 'Lucía Garza Treviño',
    phone: '818 344 7788',
    email: 'cotizaciones@semty.example',
    address: 'Av. Félix U. Gómez 1150, Col. Centro, 64000 Monterrey, N.L.',
    categories: ['Eléctrico'],
  },
  {
    name: 'Hidrosanitarios y Plomería del Bajío, S.A. de C.V.',
    rfc: 'HPB140611FG8',
    contactName: 'Alberto Ramos Guzmán',
    phone: '461 612 3344',
    email: 'ventas@hidrobajio.example',
    address: 'Av. Irrigación 512, 38020 Celaya, Gto.',
    categories: ['Hidrosanitario'],
  },
  {
    name: 'Acabados y Recubrimientos Jalisco, S.A. de C.V.',
    rfc: 'ARJ160427LM9',
    contactName: 'Verónica Ibarra Cortés',
    phone: '333 615 2090',
    email: 'ventas@acabadosjalisco.example',
    address: 'Av. Patria 1501, 45110 Zapopan, Jal.',
    categories: ['Acabados', 'Impermeabilizantes'],
  },
  {
    name: 'Ferretería y Seguridad Industrial Tlalnepantla, S.A. de C.V.',
    rfc: 'FST091005QW2',
    contactName: 'Ernesto Mejía Rosales',
    phone: '555 565 0912',
    email: 'pedidos@ferreteriatlalne.example',
    address: 'Av. Mario Colín 45, 54030 Tlalnepantla de Baz, Méx.',
    categories: ['Herramienta menor', 'Eléctrico'],
  },
];

type CategoryName = (typeof DEMO_CATEGORIES)[number]['name'];

export interface DemoWork {
  code: string;
  name: string;
  company: CompanyKey;
  category: CategoryName;
  subcategory: string;
  address: string;
  city: string;
  state: string;
  startDate: string | null;
  estimatedEndDate: string | null;
  budget: string;
  sirocNumber: string | null;
  status: WorkStatus;
  /** Index into DEMO_EMPLOYEES of the resident. */
  resident: number;
}

export const DEMO_WORKS: readonly DemoWork[] = [
  { code: 'OB-2023-001', name: 'Fraccionamiento Los Encinos, 1a etapa', company: 'goc', category: 'Vivienda', subcategory: 'Vivienda de interés social', address: 'Prol. Bernardo Quintana s/n', city: 'Querétaro', state: 'Querétaro', startDate: '2023-02-06', estimatedEndDate: '2024-08-30', budget: '48500000.00', sirocNumber: '0001234/23', status: 'terminada', resident: 0 },
  { code: 'OB-2024-002', name: 'Torre Residencial Punta Norte', company: 'norte', category: 'Vivienda', subcategory: 'Vivienda vertical', address: 'Av. Gonzalitos 1200', city: 'Monterrey', state: 'Nuevo León', startDate: '2024-03-04', estimatedEndDate: '2026-06-30', budget: '186000000.00', sirocNumber: '0004521/24', status: 'en_ejecucion', resident: 1 },
  { code: 'OB-2024-003', name: 'Residencial Lomas del Valle', company: 'bajio', category: 'Vivienda', subcategory: 'Vivienda residencial', address: 'Av. Acueducto 4800', city: 'Zapopan', state: 'Jalisco', startDate: '2024-06-10', estimatedEndDate: '2026-02-27', budget: '72400000.00', sirocNumber: '0006610/24', status: 'en_ejecucion', resident: 2 },
  { code: 'OB-2024-004', name: 'Ampliación Carretera Estatal 100, tramo El Marqués', company: 'norte', category: 'Infraestructura', subcategory: 'Carreteras y caminos', address: 'Carretera Estatal 100 km 12+400', city: 'El Marqués', state: 'Querétaro', startDate: '2024-01-15', estimatedEndDate: '2025-12-19', budget: '134750000.00', sirocNumber: '0002087/24', status: 'en_ejecucion', resident: 3 },
  { code: 'OB-2024-005', name: 'Puente vehicular Av. Constituyentes', company: 'goc', category: 'Infraestructura', subcategory: 'Puentes', address: 'Av. Constituyentes esq. Av. Pasteur', city: 'Querétaro', state: 'Querétaro', startDate: '2024-04-01', estimatedEndDate: '2025-10-31', budget: '95300000.00', sirocNumber: '0003345/24', status: 'suspendida', resident: 0 },
  { code: 'OB-2025-006', name: 'Red de agua potable Col. San Pedrito Peñuelas', company: 'goc', category: 'Infraestructura', subcategory: 'Agua potable y drenaje', address: 'Col. San Pedrito Peñuelas', city: 'Querétaro', state: 'Querétaro', startDate: '2026-01-12', estimatedEndDate: '2026-09-30', budget: '21800000.00', sirocNumber: null, status: 'planeacion', resident: 4 },
  { code: 'OB-2024-007', name: 'Nave industrial Parque Aeroespacial, lote 14', company: 'industrial', category: 'Industrial', subcategory: 'Naves industriales', address: 'Parque Aeroespacial de Querétaro, lote 14', city: 'Colón', state: 'Querétaro', startDate: '2024-09-02', estimatedEndDate: '2025-11-28', budget: '64200000.00', sirocNumber: '0008893/24', status: 'en_ejecucion', resident: 4 },
  { code: 'OB-2023-008', name: 'Planta de tratamiento de aguas residuales Apodaca', company: 'industrial', category: 'Industrial', subcategory: 'Plantas de proceso', address: 'Carretera Miguel Alemán km 18', city: 'Apodaca', state: 'Nuevo León', startDate: '2023-05-08', estimatedEndDate: '2024-12-13', budget: '118900000.00', sirocNumber: '0005120/23', status: 'terminada', resident: 5 },
  { code: 'OB-2025-009', name: 'Plaza comercial Paseo Juriquilla', company: 'bajio', category: 'Comercial', subcategory: 'Plazas comerciales', address: 'Blvd. Juriquilla 3100', city: 'Querétaro', state: 'Querétaro', startDate: '2026-03-02', estimatedEndDate: '2027-05-28', budget: '156000000.00', sirocNumber: null, status: 'planeacion', resident: 6 },
  { code: 'OB-2024-010', name: 'Edificio corporativo Santa Fe', company: 'goc', category: 'Comercial', subcategory: 'Oficinas corporativas', address: 'Av. Vasco de Quiroga 3900', city: 'Álvaro Obregón', state: 'Ciudad de México', startDate: '2024-02-19', estimatedEndDate: '2026-04-30', budget: '243500000.00', sirocNumber: '0001876/24', status: 'en_ejecucion', resident: 7 },
  { code: 'OB-2025-011', name: 'Parque solar San Luis II', company: 'industrial', category: 'Energía', subcategory: 'Parques solares', address: 'Carretera 57 km 189', city: 'Villa de Reyes', state: 'San Luis Potosí', startDate: null, estimatedEndDate: null, budget: '310000000.00', sirocNumber: null, status: 'planeacion', resident: 5 },
  { code: 'OB-2024-012', name: 'Subestación eléctrica Bajío 115 kV', company: 'bajio', category: 'Energía', subcategory: 'Subestaciones eléctricas', address: 'Libramiento Sur km 7', city: 'Celaya', state: 'Guanajuato', startDate: '2024-07-22', estimatedEndDate: '2025-09-26', budget: '58600000.00', sirocNumber: '0007412/24', status: 'suspendida', resident: 6 },
  { code: 'OB-2023-013', name: 'Hotel boutique Centro Histórico', company: 'bajio', category: 'Comercial', subcategory: 'Hotelería', address: 'Calle Positos 35', city: 'Guanajuato', state: 'Guanajuato', startDate: '2023-08-14', estimatedEndDate: '2024-11-29', budget: '39800000.00', sirocNumber: '0006021/23', status: 'terminada', resident: 2 },
];

export interface DemoEmployee extends Person {
  position: string;
  company: CompanyKey;
  /** Work code of the current assignment; null for office staff. */
  work: string | null;
  hireDate: string;
  dailySalary: string;
  status: EmployeeStatus;
}

const e = (
  firstName: string,
  lastName: string,
  secondLastName: string,
  sex: 'H' | 'M',
  birthDate: string,
  state: string,
  position: string,
  company: CompanyKey,
  work: string | null,
  hireDate: string,
  dailySalary: string,
  status: EmployeeStatus = 'activo',
): DemoEmployee => ({ firstName, lastName, secondLastName, sex, birthDate, state, position, company, work, hireDate, dailySalary, status });

/** The first eight are the residents of DEMO_WORKS (by index). */
export const DEMO_EMPLOYEES: readonly DemoEmployee[] = [
  e('Alejandro', 'Ramírez', 'Torres', 'H', '1984-05-17', 'QT', 'Residente de obra', 'goc', 'OB-2024-005', '2015-03-02', '1450.00'),
  e('Carlos', 'Treviño', 'Garza', 'H', '1981-11-03', 'NL', 'Residente de obra', 'norte', 'OB-2024-002', '2012-07-16', '1520.00'),
  e('Fernanda', 'Orozco', 'Medina', 'M', '1990-02-25', 'JC', 'Residente de obra', 'bajio', 'OB-2024-003', '2018-01-08', '1380.00'),
  e('Luis', 'Hernández', 'Castillo', 'H', '1987-08-09', 'GT', 'Residente de obra', 'norte', 'OB-2024-004', '2016-05-23', '1410.00'),
  e('Ricardo', 'Mendoza', 'Fuentes', 'H', '1979-12-14', 'QT', 'Residente de obra', 'industrial', 'OB-2024-007', '2010-09-06', '1580.00'),
  e('Gabriela', 'Sánchez', 'Villarreal', 'M', '1988-04-30', 'NL', 'Residente de obra', 'industrial', null, '2017-02-13', '1420.00'),
  e('Jorge', 'Domínguez', 'Rangel', 'H', '1985-06-21', 'GT', 'Residente de obra', 'bajio', null, '2014-10-20', '1395.00'),
  e('Adriana', 'Velázquez', 'Rojas', 'M', '1986-09-12', 'DF', 'Residente de obra', 'goc', 'OB-2024-010', '2016-11-07', '1490.00'),
  e('Miguel', 'Guerrero', 'Luna', 'H', '1975-03-08', 'QT', 'Superintendente de obra', 'goc', 'OB-2024-010', '2008-04-14', '1950.00'),
  e('Roberto', 'Salazar', 'Ibarra', 'H', '1983-07-19', 'NL', 'Superintendente de obra', 'norte', 'OB-2024-004', '2011-03-28', '1880.00'),
  e('Daniela', 'Cruz', 'Navarro', 'M', '1993-01-27', 'QT', 'Ingeniera de costos', 'goc', null, '2019-06-03', '980.00'),
  e('Pedro', 'Aguilar', 'Reyes', 'H', '1991-10-05', 'QT', 'Almacenista', 'goc', 'OB-2024-010', '2020-02-17', '520.00'),
  e('Juan', 'Morales', 'Díaz', 'H', '1978-02-11', 'GT', 'Cabo de oficios', 'bajio', 'OB-2024-003', '2013-08-05', '690.00'),
  e('Francisco', 'Jiménez', 'Ortega', 'H', '1982-12-01', 'MC', 'Oficial albañil', 'goc', 'OB-2024-010', '2017-04-10', '560.00'),
  e('Raúl', 'Vargas', 'Delgado', 'H', '1995-05-23', 'QT', 'Oficial albañil', 'norte', 'OB-2024-004', '2021-01-11', '540.00'),
  e('Martín', 'Castro', 'Ríos', 'H', '1999-09-16', 'HG', 'Ayudante general', 'norte', 'OB-2024-004', '2022-03-07', '380.00'),
  e('Sergio', 'Romero', 'Paredes', 'H', '2001-04-04', 'QT', 'Ayudante general', 'industrial', 'OB-2024-007', '2023-05-15', '375.00'),
  e('Eduardo', 'Flores', 'Cervantes', 'H', '1989-11-29', 'SP', 'Fierrero', 'industrial', 'OB-2024-007', '2018-08-20', '590.00'),
  e('Andrés', 'Ruiz', 'Contreras', 'H', '1994-07-07', 'NL', 'Carpintero de obra negra', 'norte', 'OB-2024-002', '2019-10-14', '570.00'),
  e('Javier', 'Herrera', 'Soto', 'H', '1980-01-20', 'NL', 'Electricista', 'norte', 'OB-2024-002', '2012-02-06', '640.00'),
  e('Óscar', 'Medina', 'Guzmán', 'H', '1992-03-13', 'JC', 'Plomero', 'bajio', 'OB-2024-003', '2020-07-27', '610.00'),
  e('Arturo', 'Estrada', 'Campos', 'H', '1977-08-26', 'GT', 'Operador de maquinaria pesada', 'norte', 'OB-2024-004', '2009-05-18', '780.00'),
  e('Diana', 'Lozano', 'Pacheco', 'M', '1996-12-09', 'QT', 'Topógrafa', 'goc', 'OB-2025-006', '2021-09-13', '820.00'),
  e('Rosa', 'Gutiérrez', 'Molina', 'M', '1985-10-18', 'QT', 'Auxiliar administrativa', 'goc', null, '2014-01-20', '560.00'),
  e('Verónica', 'Chávez', 'Escobar', 'M', '1990-06-02', 'QT', 'Compradora', 'goc', null, '2016-03-14', '850.00'),
  e('Tomás', 'Nava', 'Bautista', 'H', '1987-02-14', 'GT', 'Comprador', 'bajio', null, '2015-09-21', '830.00'),
  e('Patricia', 'Ortiz', 'Sandoval', 'M', '1983-09-24', 'QT', 'Analista de recursos humanos', 'goc', null, '2013-06-10', '900.00'),
  e('Laura', 'Mejía', 'Cabrera', 'M', '1989-05-05', 'NL', 'Analista de nóminas', 'norte', null, '2018-11-05', '880.00'),
  e('Héctor', 'Palacios', 'Zamora', 'H', '1974-04-17', 'QT', 'Contador general', 'goc', null, '2006-08-01', '1650.00'),
  e('Alicia', 'Figueroa', 'León', 'M', '1982-11-11', 'DF', 'Gerente de proyectos', 'goc', null, '2011-01-17', '2100.00'),
  e('Manuel', 'Acosta', 'Vázquez', 'H', '1997-08-30', 'QT', 'Chofer', 'goc', 'OB-2024-005', '2022-08-08', '480.00'),
  e('Enrique', 'Cortés', 'Miranda', 'H', '1986-01-09', 'SP', 'Oficial albañil', 'industrial', 'OB-2024-007', '2019-03-04', '555.00'),
  e('Alberto', 'Benítez', 'Salas', 'H', '2000-06-19', 'GT', 'Ayudante general', 'bajio', 'OB-2024-003', '2023-02-13', '370.00'),
  e('Iván', 'Cárdenas', 'Solís', 'H', '1998-10-27', 'NL', 'Ayudante general', 'norte', 'OB-2024-002', '2022-11-21', '372.00'),
  e('Karla', 'Montes', 'Aguirre', 'M', '1994-03-22', 'JC', 'Residente de obra auxiliar', 'bajio', 'OB-2024-003', '2020-04-06', '1050.00'),
  e('Rafael', 'Ponce', 'Valdez', 'H', '1976-07-03', 'QT', 'Vigilante', 'goc', 'OB-2024-005', '2015-12-07', '420.00'),
  e('Hugo', 'Serrano', 'Carrillo', 'H', '1991-05-15', 'NL', 'Fierrero', 'norte', 'OB-2024-002', '2018-05-28', '585.00', 'baja'),
  e('Mónica', 'Rosales', 'Tapia', 'M', '1992-08-08', 'QT', 'Auxiliar de almacén', 'industrial', null, '2019-07-15', '470.00', 'baja'),
  e('Gustavo', 'Peña', 'Arellano', 'H', '1984-02-02', 'GT', 'Operador de retroexcavadora', 'bajio', null, '2017-09-18', '720.00', 'baja'),
  e('Silvia', 'Campos', 'Trujillo', 'M', '1995-12-21', 'QT', 'Recepcionista', 'goc', null, '2021-04-12', '400.00'),
];

/** Demo roles and their permissions (SPEC module names); no demo users besides admin. */
export const DEMO_ROLES = [
  {
    name: 'Residente de obra',
    description: 'Responsable de una o varias obras: pedidos de material, proyectos y altas en obra',
    grants: {
      works: ['view'],
      projects: ['view', 'create', 'edit'],
      my_orders: ['view', 'create', 'edit', 'delete'],
      history: ['view'],
      registry_works: ['view', 'create'],
      config_materials: ['view'],
      config_work: ['view'],
      config_employees: ['view'],
    },
  },
  {
    name: 'Compras',
    description: 'Autoriza y compra los pedidos; administra proveedores y materiales',
    grants: {
      works: ['view'],
      projects: ['view'],
      history: ['view', 'create', 'edit'],
      my_orders: ['view', 'create', 'edit', 'delete'],
      config_suppliers: ['view', 'create', 'edit', 'delete'],
      config_materials: ['view', 'create', 'edit', 'delete'],
      config_material_categories: ['view', 'create', 'edit', 'delete'],
      config_units: ['view', 'create', 'edit', 'delete'],
      config_order_status: ['view'],
    },
  },
  {
    name: 'Dirección',
    description: 'Aprueba los pedidos que alcanzan el límite de su empresa y los compromisos por encima del presupuesto',
    // It approves money: its people sign in with a second factor (docs/security.md).
    requiresMfa: true,
    grants: {
      works: ['view'],
      projects: ['view', 'edit'],
      history: ['view', 'edit'],
      orders_approval: ['view', 'edit'],
      config_companies: ['view'],
    },
  },
  {
    name: 'Recursos Humanos',
    description: 'Altas, bajas y modificaciones de salario; catálogo de empleados',
    grants: {
      works: ['view'],
      registry_office: ['view', 'create', 'edit'],
      registry_works: ['view', 'create', 'edit'],
      registry_history: ['view', 'edit'],
      config_employees: ['view', 'create', 'edit', 'delete'],
      config_companies: ['view'],
      config_status_register: ['view', 'edit'],
      config_stamp_status: ['view', 'edit'],
      config_error_status: ['view', 'edit'],
    },
  },
] as const;
