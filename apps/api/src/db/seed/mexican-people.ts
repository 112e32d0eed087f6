import { curpCheckDigit, nssCheckDigit } from '@goc/contracts';

/** A demo person; the identifiers below are derived from these fields the way RENAPO, SAT and IMSS do. */
export interface Person {
  firstName: string;
  lastName: string;
  secondLastName: string;
  sex: 'H' | 'M';
  /** YYYY-MM-DD */
  birthDate: string;
  /** CURP state code (QT Querétaro, NL Nuevo León, JC Jalisco, DF Ciudad de México…). */
  state: string;
}

const plain = (s: string) =>
  s
    .toUpperCase()
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^A-ZÑ]/g, '');

const firstInternal = (word: string, pattern: RegExp, fallback = 'X') => {
  const found = plain(word).slice(1).match(pattern);
  const letter = found?.[0] ?? fallback;
  return letter === 'Ñ' ? 'X' : letter;
};

const datePart = (iso: string) => iso.slice(2, 4) + iso.slice(5, 7) + iso.slice(8, 10);

const initials = (p: Person) =>
  plain(p.lastName).charAt(0) + firstInternal(p.lastName, /[AEIOU]/) + plain(p.secondLastName).charAt(0) + plain(p.firstName).charAt(0);

/** CURP with its real check digit (differentiator 0 up to 1999, A from 2000). */
export function curpFor(p: Person): string {
  const consonants = /[B-DF-HJ-NP-TV-ZÑ]/;
  const first17 =
    initials(p) +
    datePart(p.birthDate) +
    p.sex +
    p.state +
    firstInternal(p.lastName, consonants) +
    firstInternal(p.secondLastName, consonants) +
    firstInternal(p.firstName, consonants) +
    (Number(p.birthDate.slice(0, 4)) < 2000 ? '0' : 'A');
  return first17 + String(curpCheckDigit(first17));
}

const HOMOCLAVE = 'ABCDEFGHIJKLMNPQRSTUVWXYZ123456789';

/** RFC of a persona física: initials, birth date and a deterministic three-character homoclave. */
export function rfcFor(p: Person, seed: number): string {
  const h = (n: number) => HOMOCLAVE.charAt(n % HOMOCLAVE.length);
  return initials(p) + datePart(p.birthDate) + h(seed * 7 + 3) + h(seed * 11 + 5) + String((seed * 3) % 10);
}

/** NSS: subdelegación, year of affiliation, year of birth, sequence, Luhn check digit. */
export function nssFor(p: Person, subdelegation: number, affiliationYear: number, sequence: number): string {
  const first10 =
    String(subdelegation).padStart(2, '0') +
    String(affiliationYear % 100).padStart(2, '0') +
    p.birthDate.slice(2, 4) +
    String(sequence).padStart(4, '0');
  return first10 + String(nssCheckDigit(first10));
}
