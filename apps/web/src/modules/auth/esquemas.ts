// Only ever imported dynamically (validacao.ts): its own chunk, with zod, away from the entry's static imports.
export {
  autenticar2FABody,
  autenticarBody,
  cadastroBody,
  redefinirSenhaBody,
  solicitarRedefinicaoBody,
  trocarSenhaBody,
} from '@sig/contracts';
