/** The id of the JSON script tag that carries BootData into the browser. */
export const BOOT_ELEMENT_ID = '__SHOP_BOOT__';
