import net from 'node:net';

export type SmtpFalso = {
  url: string;
  /** Messages accepted, as sent (headers and body). */
  recebidas: string[];
  /** The next `n` messages are refused at MAIL FROM with a temporary error (451); -1: all of them. */
  recusar: (n: number) => void;
  fechar: () => Promise<void>;
};

/**
 * An SMTP server just big enough for nodemailer (no TLS, no auth): it keeps what it accepts and
 * refuses on demand, so the outbox's retries can be seen without a mail server.
 */
export async function iniciarSmtpFalso(): Promise<SmtpFalso> {
  const recebidas: string[] = [];
  let recusas = 0;
  const conexoes = new Set<net.Socket>();
  const servidor = net.createServer((s) => {
    conexoes.add(s);
    s.on('close', () => conexoes.delete(s));
    s.on('error', () => s.destroy());
    let buffer = '';
    let dados: string[] | null = null;
    const responder = (linha: string) => s.write(`${linha}\r\n`);
    responder('220 smtp-falso ESMTP');
    s.on('data', (pedaco) => {
      buffer += pedaco.toString('utf8');
      let fim = buffer.indexOf('\r\n');
      while (fim >= 0) {
        const linha = buffer.slice(0, fim);
        buffer = buffer.slice(fim + 2);
        if (dados) {
          if (linha === '.') {
            recebidas.push(dados.join('\n'));
            dados = null;
            responder('250 2.0.0 queued');
          } else dados.push(linha);
        } else {
          const comando = linha.slice(0, 4).toUpperCase();
          if (comando === 'EHLO' || comando === 'HELO') responder('250 smtp-falso');
          else if (comando === 'MAIL') {
            if (recusas !== 0) {
              if (recusas > 0) recusas--;
              responder('451 4.3.0 mailbox temporarily unavailable');
            } else responder('250 2.1.0 ok');
          } else if (comando === 'RCPT') responder('250 2.1.5 ok');
          else if (comando === 'DATA') {
            dados = [];
            responder('354 end with <CRLF>.<CRLF>');
          } else if (comando === 'QUIT') {
            responder('221 2.0.0 bye');
            s.end();
          } else responder('250 ok');
        }
        fim = buffer.indexOf('\r\n');
      }
    });
  });
  await new Promise<void>((ok) => servidor.listen(0, '127.0.0.1', ok));
  const { port } = servidor.address() as net.AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    recebidas,
    recusar: (n) => {
      recusas = n;
    },
    fechar: () =>
      new Promise<void>((ok) => {
        for (const s of conexoes) s.destroy();
        servidor.close(() => ok());
      }),
  };
}
