import type { Banco } from '@sig/db';
import type { Config } from '../../config.js';
import { copiaAgendada } from '../../platform/copia.js';
import type { DefinicaoTarefa } from '../../platform/tarefas.js';
import { VERSAO } from '../../versao.js';

/**
 * The scheduled backup (docs/deploy.md): every day at 02:00 in Brazil, once across the workers,
 * an archive in SIG_BACKUP_DIR, keeping the newest SIG_BACKUP_KEEP. Without SIG_BACKUP_DIR the
 * queue exists (the administrator's screen lists every queue) but nothing is scheduled.
 */
export const tarefaCopia = (banco: Banco, config: Config): DefinicaoTarefa<unknown> => ({
  fila: 'sistema.copia',
  unica: true,
  agenda: config.copia.pasta ? '0 2 * * *' : undefined,
  tentativas: 1,
  esperaSegundos: 600,
  // A national database takes a while to dump.
  expiraSegundos: 4 * 3600,
  executar: async () => {
    if (!config.copia.pasta) return { ignorada: 'SIG_BACKUP_DIR is unset' };
    return copiaAgendada(config.copia.pasta, config.copia.manter, { banco, dataDir: config.dataDir, versao: VERSAO });
  },
});
