export const enUi = {};
