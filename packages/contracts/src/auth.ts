import { z } from 'zod';

export const loginRequestSchema = z.object({
  username: z.string().trim().min(1, 'Ingresa tu usuario').max(64, 'Máximo 64 caracteres'),
  password: z.string().min(1, 'Ingresa tu contraseña').max(128, 'Máximo 128 caracteres'),
});
export type LoginRequest = z.infer<typeof loginRequestSchema>;

/** The signed-in user as returned by login and GET /auth/me (SPEC §3). */
export const sessionUserSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  employee: z
    .object({
      firstName: z.string(),
      lastName: z.string(),
      photoUrl: z.string().nullable(),
    })
    .nullable()
    .optional(),
  role: z.object({ id: z.number().int(), name: z.string() }),
});
export type SessionUser = z.infer<typeof sessionUserSchema>;

export const loginResponseSchema = z.object({
  token: z.string(),
  refreshToken: z.string(),
  user: sessionUserSchema,
});
export type LoginResponse = z.infer<typeof loginResponseSchema>;

export const refreshRequestSchema = z.object({ refreshToken: z.string().min(1).max(512) });
export type RefreshRequest = z.infer<typeof refreshRequestSchema>;

export const refreshResponseSchema = z.object({ token: z.string(), refreshToken: z.string() });
export type RefreshResponse = z.infer<typeof refreshResponseSchema>;

export const logoutRequestSchema = z.object({ refreshToken: z.string().max(512).optional() });

