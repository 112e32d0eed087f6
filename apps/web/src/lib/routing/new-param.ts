/** The address parameter that opens «Nuevo» on a list page (a shortcut to a new order, say); dropped once used. */
export const NEW_PARAM = 'nuevo';
