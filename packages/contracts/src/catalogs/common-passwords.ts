/**
 * Passwords of 8+ characters that top the public breach lists (RockYou, NCSC 100k, SecLists) plus
 * common Spanish / Mexican ones. Shorter ones are already refused by the length rule. Compared in
 * lower case. ASVS 6.2.4 asks for at least the top 3,000; this compact list covers the ones people
 * actually type here, and the API may extend it.
 */
export const COMMON_PASSWORDS: ReadonlySet<string> = new Set([
  '12345678', '123456789', '1234567890', '12345678910', '123123123', '11111111', '111111111', '00000000',
  '000000000', '88888888', '99999999', '87654321', '987654321', '0987654321', '11223344', '12341234',
  '123456789a', '12345678a', '1234567a', '123456789q', '1q2w3e4r', '1q2w3e4r5t', '1q2w3e4r5t6y', 'q1w2e3r4',
  'q1w2e3r4t5', '1qaz2wsx', '1qaz2wsx3edc', 'zaq12wsx', 'qwertyuiop', 'qwerty123', 'qwerty12', 'qwerty1234',
  'qwertyui', 'asdfghjkl', 'asdfghjk', 'asdf1234', 'zxcvbnm1', 'zxcvbnm123', 'qazwsxedc', 'abcd1234',
  'abc12345', 'abcdefgh', 'abcdefg1', 'a1b2c3d4', 'aa123456', 'password', 'password1', 'password12',
  'password123', 'password!', 'passw0rd', 'p@ssw0rd', 'p@ssword', 'pa$$word', 'passpass', 'iloveyou',
  'iloveyou1', 'iloveyou2', 'sunshine', 'sunshine1', 'princess', 'princess1', 'football', 'football1',
  'baseball', 'basketball', 'superman', 'batman123', 'spiderman', 'starwars', 'trustno1', 'welcome1',
  'welcome123', 'whatever', 'michelle', 'jennifer', 'jonathan', 'jordan23', 'master123', 'mustang1',
  'liverpool', 'chelsea1', 'arsenal1', 'manchester', 'computer', 'internet', 'samsung1', 'letmein1',
  'babygirl', 'babygirl1', 'lovelove', 'loveyou1', 'ilovegod', 'godisgood', 'blessed1', 'chocolate',
  'butterfly', 'elizabeth', 'danielle', 'victoria', 'december', 'november', 'february', 'september',
  'pokemon1', 'minecraft', 'fuckyou1', 'metallica', 'qwe123qwe', 'asd123asd', 'zxc123zxc', 'admin123',
  'admin1234', 'administrator', 'administrador', 'root1234', 'changeme', 'changeme1', 'default1',
  'secret123', 'test1234', 'testing1', 'temporal', 'temporal1', 'temp1234', 'usuario1', 'usuario123',
  'contraseña', 'contrasena', 'contraseña1', 'contrasena1', 'contraseña123', 'contrasena123', 'micontraseña',
  'micontrasena', 'teamo123', 'teamomucho', 'tequiero', 'tequiero1', 'mexico123', 'mexico2024', 'mexico2025',
  'mexico2026', 'mexicano', 'guadalajara', 'monterrey', 'chivas123', 'chivas10', 'americacampeon', 'america1',
  'cruzazul', 'pumasunam', 'tigres123', 'barcelona', 'realmadrid', 'princesa', 'princesa1', 'mariposa',
  'estrella', 'corazon1', 'hermosa1', 'bonita123', 'familia1', 'familia123', 'jesucristo', 'diosesamor',
  'alejandro', 'alejandra', 'fernando', 'guadalupe', 'fernanda', 'gabriela', 'mariana1', 'angelica',
  'valentina', 'sebastian', 'santiago', 'francisco', 'leonardo', 'cristina', 'patricia', 'carolina',
  'veronica', 'qwerty2024', 'verano2024', 'invierno', 'primavera', 'bienvenido', 'bienvenida', 'construccion',
  'constructora', 'empresa1', 'empresa123', 'obra1234', 'goc12345', 'passw0rd1', 'password2024',
  'password2025', 'password2026', 'welcome2024', 'welcome2025', 'summer2024', 'winter2024', 'spring2025',
]);

export function isCommonPassword(password: string): boolean {
  return COMMON_PASSWORDS.has(password.toLowerCase());
}
