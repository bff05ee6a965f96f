/**
 * The largest page any back-office list answers: beyond it a list is refused (400 naming `size`),
 * so no single request, whatever role makes it, pulls a whole table. The web reads the same figure.
 */
export const MAX_PAGE_SIZE = 200;
