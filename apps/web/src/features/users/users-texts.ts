/** Spanish texts of Usuarios and of "Cambiar contraseña". */
export const usersTexts = {
  resetPassword: 'Restablecer contraseña',
  resetPasswordTitle: (username: string) => `Restablecer la contraseña de «${username}»`,
  passwordReset: (username: string) => `Contraseña de «${username}» restablecida`,
  passwordResetFailed: 'No se pudo restablecer la contraseña',
  newPassword: 'Nueva contraseña',
  confirmPassword: 'Confirma la nueva contraseña',
  currentPassword: 'Contraseña actual',
  changePassword: 'Cambiar contraseña',
  passwordChanged: 'Contraseña actualizada',
  passwordChangeFailed: 'No se pudo cambiar la contraseña',
  activate: 'Activar',
  deactivate: 'Desactivar',
  activateConfirm: (username: string) => `¿Activar al usuario «${username}»? Podrá volver a iniciar sesión.`,
  deactivateConfirm: (username: string) => `¿Desactivar al usuario «${username}»? No podrá iniciar sesión y sus sesiones abiertas se cerrarán.`,
  activationFailed: 'No se pudo cambiar el estado del usuario',
  removeSecondFactor: 'Quitar verificación en dos pasos',
  removeSecondFactorConfirm: (username: string) =>
    `¿Quitar la verificación en dos pasos de «${username}»? Hazlo solo si confirmaste que es esa persona quien lo pide (por ejemplo, perdió su teléfono). Entrará con su contraseña y, si su rol la requiere, volverá a activarla al entrar.`,
  secondFactorRemoved: 'Verificación en dos pasos quitada',
  secondFactorRemoveFailed: 'No se pudo quitar la verificación en dos pasos',
} as const;
