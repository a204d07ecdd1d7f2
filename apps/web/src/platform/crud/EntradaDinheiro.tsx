import { Input } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { escreverDinheiro, type IdiomaDinheiro, ilegivel, lerDinheiro } from './dinheiro';

type Props = {
  id?: string;
  /** The amount as the API takes it (`1250.00`), `null` when blank. */
  value?: string | number | null;
  onChange?: (v: string | null) => void;
  idioma: IdiomaDinheiro;
  disabled?: boolean;
  'aria-label'?: string;
  placeholder?: string;
};

/**
 * A money input in the user's language (`1.234,56` / `1,234.56`): what is typed or pasted is
 * read by `lerDinheiro`, which never guesses, and the form gets the decimal string (`1234.56`);
 * leaving the field writes the amount back in full (`1.234,56`). An unreadable text stays on
 * screen and reaches the form marked, so the field's rule refuses it.
 */
/** The form's value as the field shows it: an unreadable text as typed, an amount written in full. */
const paraTela = (v: Props['value'], idioma: IdiomaDinheiro) => {
  if (v === null || v === undefined || v === '') return '';
  const texto = String(v);
  return texto.endsWith('#') ? texto.slice(0, -1) : escreverDinheiro(texto, idioma);
};

export function EntradaDinheiro({ value, onChange, idioma, ...resto }: Props) {
  const [texto, setTexto] = useState(() => paraTela(value, idioma));
  // What this control last handed the form, and in which language the text is: another value
  // (a record loaded, a reset) or another language rewrites the text.
  const enviado = useRef<Props['value']>(value);
  const idiomaDoTexto = useRef(idioma);
  useEffect(() => {
    if (value === enviado.current && idioma === idiomaDoTexto.current) return;
    enviado.current = value;
    idiomaDoTexto.current = idioma;
    setTexto(paraTela(value, idioma));
  }, [value, idioma]);

  const mudar = (novo: string) => {
    setTexto(novo);
    const lido = lerDinheiro(novo, idioma);
    const v = lido === undefined ? ilegivel(novo) : lido;
    enviado.current = v;
    onChange?.(v);
  };
  return (
    <Input
      {...resto}
      inputMode="decimal"
      prefix="R$"
      value={texto}
      onChange={(e) => mudar(e.target.value)}
      onBlur={() => {
        const lido = lerDinheiro(texto, idioma);
        if (lido) setTexto(escreverDinheiro(lido, idioma));
      }}
      style={{ width: '100%', maxWidth: 240 }}
    />
  );
}
