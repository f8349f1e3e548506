/** `LEIA-ME.txt` of the zip of her data: what each part holds, in the club's voice. */
export const DATA_EXPORT_README = `SEUS DADOS NO CLUBE COROA
=========================

Este arquivo reúne os dados que o Clube Coroa guarda sobre você, como você pediu em
"Baixar meus dados" (Meu Perfil > Meus dados). É um direito seu pela LGPD (Lei 13.709/2018,
art. 18). Guarde-o em um lugar seguro: ele tem seu CPF, seu telefone e suas conversas.

O QUE TEM AQUI
--------------

dados.json
  Todos os seus dados em formato JSON, que qualquer editor de texto abre. As partes:

  geradoEm               quando o arquivo foi preparado (horário UTC).
  pedidoPor              "você", ou "equipe do clube, a seu pedido" quando a equipe preparou
                         o arquivo a partir de um pedido seu por e-mail.
  perfil                 todos os campos do seu cadastro: nome, apelido, telefone, e-mail, CPF,
                         data de nascimento, endereço, atividade, interesses, redes sociais,
                         mini bio, plano, suas escolhas de privacidade e de avisos, datas de
                         cadastro e de último acesso. "indicadaPor" é o nome de quem indicou você.
  propostas              as propostas que você publicou no Mural de Parcerias.
  curtidas               as propostas que você curtiu, com o nome da autora.
  conversas              suas conversas e todas as mensagens delas. As outras sócias aparecem
                         só pelo nome de exibição; suas mensagens aparecem como "Você".
  denuncias              as denúncias que você fez, com o motivo e a situação de cada uma.
                         As anotações internas da equipe não entram.
  assinaturas            seus planos assinados: plano, ciclo, forma de pagamento, valor em
                         centavos, cupom e datas.
  pagamentos             suas cobranças: forma, situação, valor em centavos e datas. Nenhum dado
                         de cartão é guardado pelo clube, por isso nenhum aparece aqui.
  consentimentos         o que você autorizou ("atuais") e cada mudança ("historico"), com a
                         versão do texto, a data e onde foi feita.
  preferenciasDeNotificacao
                         seus avisos por tipo e canal, seu horário de silêncio ("atuais") e cada
                         mudança que você fez ("alteracoes").
  aparelhosComNotificacao
                         os navegadores em que você ativou notificações.
  bloqueios              as sócias que você bloqueou, pelo nome de exibição.
  silenciadas            as sócias que você silenciou, com o prazo.
  quemViuMeusDados       cada leitura dos seus dados por marcas parceiras e cada exportação da
                         equipe que incluiu você, por dia.
  arquivos               as imagens que vêm junto neste arquivo.

fotos/foto-de-perfil.webp
  Sua foto de perfil, se você enviou uma.

fotos/banner.webp
  O banner do seu perfil, se você enviou um.

O QUE NÃO ESTÁ AQUI
-------------------

- Dados de outras sócias além do nome de exibição e das mensagens das conversas que vocês
  têm juntas: nem telefone, nem CPF, nem e-mail delas.
- Quem bloqueou ou silenciou você: essa escolha é da outra sócia.
- Dados de cartão: o clube não os guarda; a empresa de pagamentos guarda as cobranças pelo
  prazo que a lei fiscal exige.

Valores em dinheiro estão em centavos (2790 = R$ 27,90). Datas com horário estão em UTC
(o horário de Brasília é 3 horas a menos).

Dúvidas? Fale com a equipe do Clube Coroa.
`;
