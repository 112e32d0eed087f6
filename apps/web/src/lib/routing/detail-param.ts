/** The address parameter that opens a record's detail on a list page: apart from the list page, so a link to a record (Inicio's cards) does not load it. */
export const DETAIL_PARAM = 'ver';
