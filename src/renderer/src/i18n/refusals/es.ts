import type { RefusalTexts } from './texts';

/**
 * The refusals main can send, in Spanish.
 * Every code of src/shared/errors.ts needs its text here: the compiler says which one is missing.
 */
const refusals = {
  'stale-state': 'Alguien actuó antes: la pantalla muestra ya el último estado. Vuelve a mirar e inténtalo de nuevo.',
  'payments-marked':
    'Un pago de esta noche está marcado como pagado: vuelve a dejarlo pendiente en la cuenta pendiente (D) antes de ajustarla de otro modo (M3). | {n} pagos de esta noche están marcados como pagados: vuelve a dejarlos pendientes en la cuenta pendiente (D) antes de ajustarla de otro modo (M3).',
  'same-player': '{name} no se puede fusionar con {into}: ya cuentan como una sola persona.',
  'already-merged': '{name} ya cuenta como {into}: deshaz antes esa fusión.',
  'not-merged': '{name} cuenta con su propio nombre: no hay ninguna fusión que deshacer.',
  'player-seated': '{name} está sentado en la noche abierta: fusiona cuando haya terminado.',
  'unknown-backup': 'Esa copia de seguridad ya no se guarda (solo se guardan las diez últimas).',
  'data-folder-fixed':
    'Esta carpeta de datos se elige en la línea de comandos (--data o --data-dir): inicia la aplicación con la nueva carpeta.',
  'wrong-phase': 'Ahora no: la mesa espera {what}.',
  'no-night': 'No hay ninguna noche abierta: empieza una primero.',
  'night-open': 'Ya hay una noche abierta: termínala antes de empezar otra.',
  'night-closed': 'Esta noche ha terminado y es de solo lectura.',
  'bet-too-small': 'La apuesta mínima es {min}: apuesta de {min} a {max}.',
  'bet-above-pot': 'El bote tiene {pot}: apuesta de {min} a {max}.',
  'bet-above-stack': '{player} tiene {stack}: apuesta de {min} a {max}.',
  'bad-cut': 'El corte es un número entero de 0 a {max}.',
  'cannot-undo-cards': 'Las cartas que la mesa ha visto se quedan: corrige la apuesta o anula el turno.',
  'unknown-night': 'No hay ninguna noche {night} en el historial.',
  'unknown-player': 'No hay ningún jugador {player} aquí.',
  'duplicate-player': 'Otro jugador ya se llama {name}.',
  'unknown-expense': 'No hay ningún gasto {expense} en esta noche.',
  'too-many-expenses': 'Una noche guarda como mucho {max} gastos.',
  'bet-above-limit': 'La apuesta más alta permitida ahora es {max}: apuesta de {min} a {max} (R27).',
  'rule-off': 'Esta noche no se puede pasar: apuesta al menos 1 (R26).',
  'already-sitting-out': '{player} ya está en pausa.',
  'not-sitting-out': '{player} no está en pausa.',
  'not-latest-night': 'Solo se puede reabrir la última noche, y solo si no hay ninguna noche abierta (R33).',
  'nothing-to-undo':
    'Nada que deshacer ahora: solo se puede deshacer la última acción, un turno solo hasta que salgan cartas nuevas (R21).',
  'seating-undo-too-late':
    'La mesa ha seguido desde que {player} cambió de sitio: un cambio de sitio solo se deshace antes de cualquier otra acción (R21).',
  'invalid-input': 'No se acepta tal como está escrito: revísalo y vuelve a intentarlo. No ha cambiado nada.',
  'data-exists': 'Ya hay {nights} noches y {players} jugadores aquí: confirma para sustituirlos por la copia de seguridad.',
  'bad-pair-call': 'Una pareja de ases solo se canta más baja, una pareja de 2 solo más alta (R29).',
  'not-enough-players': 'Hacen falta al menos 2 jugadores con fichas: registra una compra o termina la noche (R6).',
  'starting-chips-too-few': 'Hacen falta más fichas que el ante de {ante}; si no, después del ante no queda nada para jugar (R4).',
  'already-left': '{player} ya se ha ido con sus fichas.',
  'player-busy': '{player} está en mitad de un turno: termínalo primero.',
  conservation: 'La cuenta de fichas dejaría de cuadrar (R24): no se ha registrado nada.',
  storage: 'El disco no ha podido leer o guardar los datos: no ha cambiado nada.',
  'forbidden-role': 'Esta pantalla solo mira: los comandos son para la consola del anfitrión. No ha cambiado nada.',
  'phones-unavailable': 'Este crupier no puede dejar que los teléfonos miren: funciona sin el servicio de red local.',
  'bad-iban': 'El IBAN {iban} {why}: no se ha guardado nada.',
  'bad-bic': '{why}: no se ha guardado nada.',
  'too-many-questions': 'Demasiadas preguntas desde este teléfono: vuelve a preguntar en {seconds} s.',
  'not-this-night': 'Este teléfono ayudaba a repartir en otra noche: vuelve a ayudar cuando tenga la noche en curso.',
  'not-a-witness': 'Este teléfono no está ayudando a repartir ahora: toca de nuevo Ayudar a repartir.',
  'bad-reveal': 'El valor de este teléfono no coincide con su cadena: la carta se sacó sin él (R34).',
  'reveal-late': 'Este teléfono respondió demasiado tarde: la carta se sacó sin él (R34).',
  'not-in-group': 'Este portátil no está en ningún grupo: crea uno o únete a uno primero.',
  'already-in-group': 'Este portátil ya está en el grupo {group}: déjalo primero.',
  'other-group': 'Contiene el grupo {group}, no el de este portátil: no cambió nada.',
  'bad-group-file': '{file} no se puede leer como un grupo: no cambió nada.',
  'night-elsewhere': 'Esta noche se llevó en {laptop}: solo ese portátil puede reabrirla (R33).',
  'pairing-refused':
    'Ese código no está abierto en el otro portátil (erróneo, ya usado o de hace más de 5 minutos): muestra uno nuevo allí.',
  'pairing-needs-group': 'Crea primero el grupo en este portátil (o únete a uno): el portátil que teclea el código se une a él.',
  'pairing-other-group': 'Los dos portátiles están en grupos distintos ({group}): uno de ellos deja antes su grupo.',
  'peer-unreachable': 'Nada respondió en {address}: ¿está la aplicación abierta en ese portátil, en la misma red?',
  'not-paired': 'Ese portátil no está (o ya no está) emparejado con este: emparéjalos de nuevo.',
  'group-lan-unavailable': 'Este crupier no puede emparejarse con otro portátil: funciona sin el servicio del grupo.',
  'night-moved': 'La noche pasó a otro portátil (pasada o retomada): sigue allí (R35).',
  'holder-reachable': 'El portátil que lleva esta noche aún responde: pídele que la pase (R35).',
  'copy-not-ready':
    'Esa copia de la noche no tiene sus últimas líneas (va por detrás, o es de antes de que la noche cambiara de portátil): aún no se puede pasar ni retomar nada desde ella (R35).',
  'live-copy-refused': 'El otro portátil no aceptó las líneas de esta noche para su copia en vivo (R35).',
  'no-pay-details': '{name} no tiene formas de pago que compartir: escríbelas primero (E en la entrada).',
  'laptop-id-shared':
    'Ese portátil usa el identificador de este ({laptop} también lo tiene: ¿una carpeta de datos copiada de uno a otro?): uno de los dos toma primero un identificador nuevo (Historial, V, D) y luego se emparejan de nuevo.',
  'laptop-id-not-shared': 'Ningún otro portátil usa el identificador de este, así que lo conserva: no cambió nada.',
  'laptop-name-taken': 'Otro portátil del grupo ya se llama {name}: elige un nombre que los distinga.',
  'no-key-change': 'No se vio para ese portátil ninguna clave distinta de la que tiene el grupo: no cambió nada.',
} satisfies RefusalTexts;

export default refusals;
