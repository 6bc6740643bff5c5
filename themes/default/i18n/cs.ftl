# Czech UI strings and generated sentences for rulehub sites.

language-name = Čeština
skip-to-content = Přeskočit na obsah
nav-home = Úvod
nav-languages = Jazyky
pager-label = Další varianty
pager-previous = Předchozí:
pager-next = Následující:
variants-heading = Varianty
not-yet-translated = zatím nepřeloženo
on-this-page = Na této stránce
board-start-desc = Výchozí rozestavení hry { $title } na desce { $rows }×{ $cols }: útočníků { $attackers }, obránců { $defenders } a král.
example-heading = Řešený příklad
example-before = Před tahem
example-after = Po tahu
example-verified = Pravidlový engine tento příklad ověřuje při každém sestavení webu.
example-step-through = Projít { $count } { $count ->
    [one] tah
    [few] tahy
   *[other] tahů
} jeden po druhém
game-heading = Ukázková partie
game-start = Výchozí postavení
game-step = Tah { $number } z { $total }: { $move }
game-start-alt = Deska na začátku partie
game-frame-alt = Deska po { $number }. tahu, { $move }
game-first = Na začátek
game-previous = Předchozí tah
game-next = Další tah
game-last = Na konec
game-verified = Pravidlový engine ověřuje každý tah této partie při každém sestavení webu.
game-end-win = Po { $moves } { $moves ->
    [one] tahu
   *[other] tazích
} { $winner ->
    [attackers] vyhrávají útočníci
    [white] vyhrává bílý
    [black] vyhrává černý
   *[defenders] vyhrávají obránci
}: { $how }.
game-end-draw = Po { $moves } { $moves ->
    [one] tahu
   *[other] tazích
} končí partie remízou: { $how }.
game-end-ongoing = Po { $moves } { $moves ->
    [one] tahu
   *[other] tazích
} partie pokračuje.
example-diagram-desc = { $sentence }
comparison-title = Srovnání pravidel
comparison-intro = Každý řádek se čte přímo z pravidel, podle nichž engine ověřuje příklady, takže tabulka nemůže zastarat.
comparison-link = Srovnat pravidla všech variant
comparison-rule = Pravidlo
not-found-title = Stránka nenalezena
not-found-text = Na této adrese žádná stránka není. Seznam variant najdete na úvodní stránce.
back-home = Zpět na úvod
footer-text = Vydáno nástrojem rulehub. Každý řešený příklad na tomto webu přehrává pravidlový engine.
rules-at-a-glance = Stručně

list-and = a

board-legend = Legenda
translation-outdated = Tento překlad vznikl podle starší verze pravidel; originál se mezitím změnil.
translation-outdated-link = Přečíst aktuální originál

## Cvičná deska (assets/play/board.js)
play-heading = Zahrajte si proti počítači
play-needs-javascript = Cvičná deska potřebuje JavaScript, který je v tomto prohlížeči vypnutý. Pravidla a řešené příklady na této stránce fungují i bez něj.
play-intro = Zahrajte si tuto variantu proti počítači, přesně podle pravidel popsaných na této stránce. Vaše tahy kontroluje tentýž program, který ověřuje příklady výše.
play-you-play = Hrajete za
play-level = Obtížnost
play-level-easy = snadná: táhne hned
play-level-normal = střední: táhne do { $seconds } s
play-level-hard = těžká: přemýšlí až { $seconds } s
play-new-game = Nová hra
play-undo = Vzít tah zpět
play-flip = Otočit desku
play-copy = Zkopírovat partii
play-copied = Záznam partie je zkopírován: vložte jej do zprávy nebo do souboru a partie vám zůstane.
play-copy-failed = Záznam se nepodařilo zkopírovat; označte jej níže a zkopírujte ručně.
play-your-move = Jste na tahu ({ $side }).
play-thinking = Počítač přemýšlí…
play-moves = Tahy
play-viewing = Zobrazena pozice po tahu { $move }. Hra pokračuje od posledního tahu: stiskněte → nebo End, nebo táhněte na desce.
play-restored = Vaše partie pokračuje tam, kde jste skončili; Nová hra začne znovu.
play-hint = Nápověda
play-hint-even = Podle počítače je hra vyrovnaná.
play-hint-ahead = Podle počítače má výhodu strana: { $side }.
play-hint-winning = Podle počítače vyhrává strana: { $side }.
play-hint-forced-win = Podle počítače má vynucenou výhru strana: { $side }, počet tahů: { $moves }.
play-hint-move = Navrhovaný tah: { $move } (šipka na desce).
play-moved = { $side }: { $move }
play-captured = , bere { $squares }
play-draw = Partie končí remízou: { $how }.
play-board-label = Cvičná deska, { $rows } řad a { $cols } sloupců
play-empty = prázdné
play-selected = vybráno
play-keyboard-help = Klávesnice: šipkami se pohybujete po desce, Enter zvedne kámen a položí jej, Escape výběr zruší.
play-error = Cvičnou desku se nepodařilo spustit: { $error }
play-room-heading = Hra s přítelem přes internet
play-room-invite = Pozvat přítele
play-room-creating = Na serveru se otevírá místnost…
play-room-create-failed = Místnost se nepodařilo otevřít: { $error }
play-room-joining = Připojování k místnosti { $room }…
play-room-you-play = V místnosti { $room } hrajete za { $side }.
play-room-watching = Místnost { $room } sledujete: obě místa jsou obsazená, deska je jen ke čtení.
play-room-waiting = Čeká se, až přítel otevře odkaz.
play-room-friend-away = Přítel teď není připojen; jeho místo na něj počká.
play-room-friend-here = Přítel je připojen.
play-room-link-label = Odkaz pro přítele
play-room-copy-link = Zkopírovat odkaz
play-room-link-copied = Odkaz je zkopírován. Kdo jej otevře první, obsadí volné místo; kdo později, ten sleduje.
play-room-their-move = Táhne přítel ({ $side }).
play-room-to-move = Na tahu: { $side }.
play-room-sending = Tah se posílá na server…
play-room-refused = Server tah odmítl: { $reason }
play-room-gone = Tato místnost už neexistuje (místnosti bez tahu déle než den se ruší).
play-room-rematch = Odveta (strany se vymění)
play-room-leave = Opustit místnost
play-room-status-connecting = Připojování k serveru místností…
play-room-status-open = Připojeno.
play-room-status-reconnecting = Spojení se přerušilo; připojuje se znovu…
play-room-status-closed = K místnosti nejste připojeni.
play-room-error-not-your-turn = na tahu je druhá strana.
play-room-error-stale = deska nebyla aktuální; teď ukazuje partii tak, jak ji má server, táhněte znovu.
play-room-error-illegal-move = pravidla tento tah nedovolují.
play-room-error-bad-notation = tah jmenuje pole, které na této desce není.
play-room-error-game-over = partie skončila; požádejte o odvetu.
play-room-error-game-not-over = partie ještě běží.
play-room-error-not-a-seat = divák táhnout nemůže.
play-room-error-bad-token = tento prohlížeč už místo nedrží.
play-room-error-rate-limited = příliš mnoho tahů najednou; chvíli počkejte.
play-room-error-store-failed = server jej nemohl uložit; zkuste to znovu.
play-room-error-too-many-rooms = server má tolik místností, kolik unese; zkuste to později.
play-room-error-origin-not-allowed = server místností tento web nepřijímá.
play-room-error-network = server místností není dostupný.
play-room-error-other = server odpověděl „{ $code }“.

## Hledání na webu (pole v záhlaví každé stránky)
search-label = Hledat v pravidlech
search-placeholder = Hledat v pravidlech…
search-results = Výsledky:
search-no-results = Nic nenalezeno. Zkuste jiné slovo nebo méně slov.
search-unavailable = Hledání teď není k dispozici.
print-link = Vytisknout všechna pravidla
print-title = { $family }: všechna pravidla k tisku
print-intro = Všechny sady pravidel této rodiny her na jedné stránce, upravené pro papír: vytiskněte ji příkazem Tisk v prohlížeči.

