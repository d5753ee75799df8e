import type { RefusalTexts } from './texts';

/**
 * The refusals main can send, in Italian.
 * Every code of src/shared/errors.ts needs its text here: the compiler says which one is missing.
 */
const refusals = {
  'stale-state': 'Qualcuno ha agito prima: lo schermo mostra ora lo stato più recente. Guarda di nuovo e riprova.',
  'payments-marked':
    'Un pagamento di questa serata è segnato pagato: rimettilo da pagare nel conto aperto (D) prima di saldarla in un altro modo (M3). | {n} pagamenti di questa serata sono segnati pagati: rimettili da pagare nel conto aperto (D) prima di saldarla in un altro modo (M3).',
  'same-player': '{name} non può essere unito a {into}: contano già come una sola persona.',
  'already-merged': '{name} conta già come {into}: annulla prima quell’unione.',
  'not-merged': '{name} conta con il proprio nome: non c’è nessuna unione da annullare.',
  'player-seated': '{name} siede alla serata in corso: uniscili quando sarà finita.',
  'unknown-backup': 'Quel backup non è più conservato (si tengono solo gli ultimi dieci).',
  'data-folder-fixed':
    'Questa cartella dei dati è scelta sulla riga di comando (--data o --data-dir): avvia invece l’app con la nuova cartella.',
  'wrong-phase': 'Non ora: il tavolo aspetta {what}.',
  'no-night': 'Nessuna serata aperta: iniziane una prima.',
  'night-open': 'C’è già una serata aperta: finiscila prima di iniziarne un’altra.',
  'night-closed': 'Questa serata è finita ed è di sola lettura.',
  'bet-too-small': 'La puntata minima è {min}: punta da {min} a {max}.',
  'bet-above-pot': 'Il piatto contiene {pot}: punta da {min} a {max}.',
  'bet-above-stack': '{player} ha {stack}: punta da {min} a {max}.',
  'bad-cut': 'Il taglio è un numero intero da 0 a {max}.',
  'cannot-undo-cards': 'Le carte viste dal tavolo restano: correggi la puntata o annulla il turno.',
  'unknown-night': 'Non c’è nessuna serata {night} nello storico.',
  'unknown-player': 'Non c’è nessun giocatore {player} qui.',
  'duplicate-player': 'Un altro giocatore si chiama già {name}.',
  'unknown-expense': 'Non c’è nessuna spesa {expense} in questa serata.',
  'too-many-expenses': 'Una serata tiene al massimo {max} spese.',
  'bet-above-limit': 'La puntata più alta consentita ora è {max}: punta da {min} a {max} (R27).',
  'rule-off': 'Stasera non si può passare: punta almeno 1 (R26).',
  'already-sitting-out': '{player} è già in pausa.',
  'not-sitting-out': '{player} non è in pausa.',
  'not-latest-night': 'Si può riaprire solo l’ultima serata, e solo se nessuna serata è aperta (R33).',
  'nothing-to-undo': 'Niente da annullare ora: si può annullare solo l’ultima azione, un turno solo finché non escono nuove carte (R21).',
  'seating-undo-too-late':
    'Il tavolo è andato avanti da quando {player} ha cambiato posto: un cambio di posto si annulla solo prima di ogni altra azione (R21).',
  'invalid-input': 'Non accettato così com’è scritto: controlla e riprova. Non è cambiato nulla.',
  'data-exists': 'Qui ci sono già {nights} serate e {players} giocatori: conferma per sostituirli con il backup.',
  'bad-pair-call': 'Una coppia di assi si chiama solo più bassa, una coppia di 2 solo più alta (R29).',
  'not-enough-players': 'Servono almeno 2 giocatori con fiche: registra un acquisto o chiudi la serata (R6).',
  'starting-chips-too-few': 'Servono più fiche dell’ante di {ante}, altrimenti dopo l’ante non resta nulla per giocare (R4).',
  'already-left': '{player} è già uscito con le sue fiche.',
  'player-busy': '{player} è nel mezzo di un turno: finiscilo prima.',
  conservation: 'Il conto delle fiche non tornerebbe più (R24): non è stato registrato nulla.',
  storage: 'Il disco non ha potuto leggere o salvare i dati: non è cambiato nulla.',
  'forbidden-role': 'Questo schermo può solo guardare: i comandi sono per la console dell’host. Non è cambiato nulla.',
  'phones-unavailable': 'Questo mazziere non può far guardare i telefoni: funziona senza il servizio di rete locale.',
  'bad-iban': 'L’IBAN {iban} {why}: non è stato salvato niente.',
  'bad-bic': '{why}: non è stato salvato niente.',
  'too-many-questions': 'Troppe domande da questo telefono: chiedi di nuovo tra {seconds} s.',
  'not-this-night': "Questo telefono aiutava a distribuire in un'altra serata: aiuta di nuovo quando ha la serata in corso.",
  'not-a-witness': 'Questo telefono non sta aiutando a distribuire: tocca di nuovo Aiuta a distribuire.',
  'bad-reveal': 'Il valore di questo telefono non corrisponde alla sua catena: la carta è stata estratta senza di lui (R34).',
  'reveal-late': 'Questo telefono ha risposto troppo tardi: la carta è stata estratta senza di lui (R34).',
  'not-in-group': 'Questo portatile non è in nessun gruppo: creane uno o unisciti a uno prima.',
  'already-in-group': 'Questo portatile è già nel gruppo {group}: lascialo prima.',
  'other-group': 'Contiene il gruppo {group}, non quello di questo portatile: non è cambiato nulla.',
  'bad-group-file': '{file} non si legge come un gruppo: non è cambiato nulla.',
  'night-elsewhere': 'Questa serata è stata tenuta su {laptop}: solo quel portatile può riaprirla (R33).',
  'pairing-refused':
    'Quel codice non è aperto sull’altro portatile (sbagliato, già usato o vecchio di più di 5 minuti): mostrane uno nuovo lì.',
  'pairing-needs-group': 'Crea prima il gruppo su questo portatile (o entra in uno): il portatile che digita il codice poi ci entra.',
  'pairing-other-group': 'I due portatili sono in gruppi diversi ({group}): uno dei due lascia prima il suo gruppo.',
  'peer-unreachable': 'Nessuno ha risposto a {address}: l’app è aperta su quel portatile, nella stessa rete?',
  'not-paired': 'Quel portatile non è (o non è più) abbinato a questo: abbinateli di nuovo.',
  'group-lan-unavailable': 'Questo mazziere non può abbinarsi a un altro portatile: funziona senza il servizio del gruppo.',
  'night-moved': 'La serata è passata a un altro portatile (passata o ripresa): continua lì (R35).',
  'holder-reachable': 'Il portatile che tiene questa serata risponde ancora: chiedigli invece di passarla (R35).',
  'copy-not-ready':
    'Quella copia della serata non ha le ultime righe (in ritardo, o di prima che la serata cambiasse portatile): non si può ancora passare né riprendere nulla da lì (R35).',
  'live-copy-refused': 'L’altro portatile non ha preso le righe di questa serata per la sua copia dal vivo (R35).',
  'no-pay-details': '{name} non ha modi di pagamento da condividere: scrivili prima (E all’ingresso).',
  'laptop-id-shared':
    'Quel portatile usa l’identificativo di questo (ce l’ha anche {laptop}: una cartella dei dati copiata dall’uno all’altro?): uno dei due prende prima un identificativo nuovo (Storico, V, D), poi abbinateli di nuovo.',
  'laptop-id-not-shared': 'Nessun altro portatile usa l’identificativo di questo, che quindi lo tiene: non è cambiato nulla.',
  'laptop-name-taken': 'Un altro portatile del gruppo si chiama già {name}: scegli un nome che li distingua.',
  'no-key-change': 'Per quel portatile non si è vista alcuna chiave diversa da quella del gruppo: non è cambiato nulla.',
} satisfies RefusalTexts;

export default refusals;
