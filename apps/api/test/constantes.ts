export const ADMIN_EMAIL = 'admin@sig.local';
export const ADMIN_SENHA = 'Admin@12345';
export { SENHA_DEMO } from '@sig/db/seed';
