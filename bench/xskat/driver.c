/*
 * xskat-driver: runs the game flow of xskat 4.0 (Gunter Gerhardt) one action
 * at a time, without its X11 user interface, and speaks a line protocol on
 * stdin/stdout.  Written for the skat_core benchmark (bench/xskat); none of
 * xskat's code is copied here: xskat's own skat.c, null.c, ramsch.c and
 * text.c are compiled unchanged and linked with this file, which supplies
 * the user-interface functions of xio.c/xdial.c as stubs.  The few of those
 * that change game state (drop_card, di_ansage, di_dicht, initscr's sort)
 * are re-implemented here with the same effect on the state for the
 * settings used (one human-style seat at most per xskat seat number, no
 * Kontra, no shortcut, no Ramsch).
 *
 * One process plays one deal.  See README.md for the protocol.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <stdarg.h>

#include "defs.h"
#include "skat.h"
#include "text.h"

/* skat.c's functions (declared K&R-style in defs.h) */
extern int left(), right(), iscomp(), lower();
extern void setrnd();
extern void do_geben(), do_entsch(), do_handok(), do_druecken(), do_ansagen();
extern void do_angesagt(), do_spielen(), do_next(), calc_poss(), sort();
extern void save_skat(), swap();

/* ---- the game file, read by xskat's get_game() through fopen ----------- */

static char gamebuf[4096];
static const char GAMEFILE_NAME[] = "<driver>";

FILE *xdrv_fopen(const char *name, const char *mode)
{
  if (name == GAMEFILE_NAME) return fmemopen(gamebuf, strlen(gamebuf), "r");
  return fopen(name, mode);
}

/* ---- output ------------------------------------------------------------ */

static void out(const char *fmt, ...)
{
  va_list ap;
  va_start(ap, fmt);
  vfprintf(stdout, fmt, ap);
  va_end(ap);
  fputc('\n', stdout);
  fflush(stdout);
}

/* position (0 forehand, 1 middlehand, 2 rearhand) of xskat seat s */
static int pos_of(int s) { return (s - geber + 2) % 3; }
static int seat_of(int p) { return (geber + 1 + p) % 3; }

/* xskat card: suit<<3 | rank; suit 0 diamonds .. 3 clubs; rank AS=0 ZEHN=1
   KOENIG=2 DAME=3 BUBE=4 NEUN=5 ACHT=6 SIEBEN=7 */
static const char RANKCH[] = "ATKQJ987";
static const char SUITCH[] = "DHSC";

static const char *cardname(int c)
{
  static char buf[8][3];
  static int k;
  char *b = buf[k++ & 7];
  if (c < 0 || c > 31) return "--";
  b[0] = SUITCH[c >> 3];
  b[1] = RANKCH[c & 7];
  b[2] = 0;
  return b;
}

static int parsecard(const char *t)
{
  const char *s, *r;
  if (!t || strlen(t) != 2) return -1;
  s = strchr(SUITCH, t[0]);
  r = strchr(RANKCH, t[1]);
  if (!s || !r || !t[0] || !t[1]) return -1;
  return (int)(s - SUITCH) << 3 | (int)(r - RANKCH);
}

/* ---- state as the referee sees it --------------------------------------- */

enum { P_BIDDING, P_SKAT, P_DISCARD, P_DECLARE, P_PLAYING, P_FINISHED };
static const char *PHNAME[] = { "bidding", "skat", "discard", "declare", "playing", "finished" };

static int game_over;     /* finishgame() or passed in */
static int passed_in;
static int outside[3];    /* per xskat seat: 1 = actions come from stdin */

static int cur_bid(void)
{
  if (phase == REIZEN) {
    if (!saho) return reizw[reizp];
    return reizp > 0 ? reizw[reizp - 1] : 0;
  }
  return reizp >= 0 ? reizw[reizp] : 0;
}

static void state_str(char *b, int ph, int seat)
{
  sprintf(b, "%s %d %d %d", PHNAME[ph], seat < 0 ? -1 : pos_of(seat), cur_bid(),
          phase == REIZEN || reizp < 0 ? -1 : pos_of(spieler));
}

/* the xskat phase right now, for the outside */
static int ref_phase(int *seat)
{
  if (game_over) { *seat = -1; return P_FINISHED; }
  switch (phase) {
  case REIZEN: *seat = saho ? sager : hoerer; return P_BIDDING;
  case HANDSPIEL: *seat = spieler; return P_SKAT;
  case DRUECKEN: *seat = spieler; return P_DISCARD;
  case ANSAGEN: *seat = spieler; return P_DECLARE;
  case SPIELEN: *seat = (ausspl + vmh) % 3; return P_PLAYING;
  }
  *seat = -1;
  return -1;
}

/* ---- queue of xskat's actions, reported one at a time ------------------ */

/* every action of xskat's players in one game (a long auction says and holds
   some 60 values each, then 30 cards): never reused, so large enough for all */
#define QMAX 512
static struct { char act[64]; char st[64]; int pos; } q[QMAX];
static int qhead, qtail;

static void push_action(int seat, int ph, const char *fmt, ...)
{
  va_list ap;
  if (qtail >= QMAX) { out("error queue overflow"); exit(3); }
  va_start(ap, fmt);
  vsnprintf(q[qtail].act, sizeof q[qtail].act, fmt, ap);
  va_end(ap);
  state_str(q[qtail].st, ph, seat);
  q[qtail].pos = pos_of(seat);
  qtail++;
}

/* ---- UI stubs (xio.c / xdial.c / irc.c) --------------------------------- */

static int last_bidact;     /* 1 said, 2 held, 3 passed (set by b_text) */

void b_text(int s, tx_typ *tt)
{
  (void)s;
  if (last_bidact) return;    /* do_akzept shows "yes", then clears the box */
  if (tt == &textarr[TX_PASSE]) last_bidact = 3;
  else if (tt == &textarr[TX_JA]) last_bidact = 2;
  else last_bidact = 1;
}

/* playing a card: the state part of xio.c's drop_card */
void drop_card(int i, int s)
{
  if (!outside[s]) push_action(s, P_PLAYING, "play %s", cardname(cards[i]));
  stcd[vmh] = cards[i];
  gespcd[cards[i]] = 2;
  if ((cards[i] & 7) != BUBE) gespfb[cards[i] >> 3]++;
  cards[i] = -1;
}

/* the computer soloist has nothing to ask; without Kontra the game starts */
void di_ansage(void) { do_angesagt(); }

/* "the rest is mine": with the shortcut off (abkuerz 0) play goes on */
void di_dicht(void) { ndichtw = 1; phase = SPIELEN; }

/* a human's hand shown again sorted */
void initscr(int sn, int sor) { if (sor != 2) sort(sn); }

/* passed in */
void di_weiter(int ini) { (void)ini; passed_in = 1; game_over = 1; }
void di_wiederweiter(int sn) { (void)sn; passed_in = 1; game_over = 1; }
/* game finished (finishgame) */
void di_result(int be) { (void)be; game_over = 1; }

/* waiting for the human: nothing to do until the action arrives */
void di_hand(void) {}
void di_spiel(void) {}

void exitus(int n) { exit(n); }
void xinit(int argc, char **argv) { (void)argc; (void)argv; }
void hndl_events(void) {}
void waitt(int t, int f) { (void)t; (void)f; }
void stdwait(void) {}
void calc_desk(int sn) { (void)sn; }
void clear_info(void) {}
void clr_desk(int nsp) { (void)nsp; }
void di_copyr(int sn) { (void)sn; }
void di_delliste(void) {}
void di_grandhand(int sn) { (void)sn; }
void di_info(int sn, int i) { (void)sn; (void)i; }
void di_options(int sn) { (void)sn; }
void di_proto(int sn, int ini, int log) { (void)sn; (void)ini; (void)log; }
void di_schieben(void) {}
int di_verdoppelt(int a, int b) { (void)a; (void)b; return 0; }
void do_msaho(int sn, char *str) { (void)sn; (void)str; }
void draw_skat(int sn) { (void)sn; }
void givecard(int s, int n) { (void)s; (void)n; }
void home_skat(void) {}
void info_reiz(void) {}
void info_spiel(void) {}
void info_stich(int p, int c) { (void)p; (void)c; }
void inv_box(int s, int a, int b) { (void)s; (void)a; (void)b; }
void nimm_stich(void) {}
void put_box(int s) { (void)s; }
void put_fbox(int sn, int t) { (void)sn; (void)t; }
void putmark(int s) { (void)s; }
void rem_box(int s) { (void)s; }
void remmark(int f) { (void)f; }
void revolutionscr(void) { out("error revolution is not supported"); exit(3); }
void setcurs(int f) { (void)f; }
void show_hint(int sn, int c, int d) { (void)sn; (void)c; (void)d; }

/* ---- driving ------------------------------------------------------------ */

static const char GAMECH[] = "DHSCG";

static void queue_soloist_decisions(void)
{
  /* the computer soloist decided hand/pick-up, discard and game in one go */
  char g[64];
  int s = spieler;
  const char *gl = trumpf == -1 ? "N" : (trumpf >= 0 && trumpf <= 4 ? (char[]){GAMECH[trumpf], 0} : "?");
  strcpy(g, gl);
  if (handsp) {
    strcat(g, " hand");
    if (ouveang) strcat(g, " ouvert");
    else if (schwang) strcat(g, " schwarz");
    else if (schnang) strcat(g, " schneider");
    push_action(s, P_SKAT, "declare %s", g);
  }
  else {
    push_action(s, P_SKAT, "pickup");
    push_action(s, P_DISCARD, "discard %s %s", cardname(prot2.skat[1][0]), cardname(prot2.skat[1][1]));
    if (ouveang) strcat(g, " ouvert");
    push_action(s, P_DECLARE, "declare %s", g);
  }
}

/* run xskat's computer players until the outside must act or the game ends */
static void advance(void)
{
  for (;;) {
    if (game_over) return;
    if (phase == REIZEN) {
      int actor = saho ? sager : hoerer;
      int rp = reizp;
      char st[64];
      if (outside[actor]) return;
      state_str(st, P_BIDDING, actor);
      last_bidact = 0;
      do_entsch();
      if (qtail >= QMAX) { out("error queue overflow"); exit(3); }
      strcpy(q[qtail].st, st);
      q[qtail].pos = pos_of(actor);
      if (last_bidact == 3) strcpy(q[qtail].act, "pass");
      else if (last_bidact == 2) strcpy(q[qtail].act, "hold");
      else if (last_bidact == 1) sprintf(q[qtail].act, "bid %d", reizw[rp]);
      else { out("error no bidding action seen"); exit(3); }
      qtail++;
      if (phase != REIZEN && !passed_in && reizp >= 0 && !outside[spieler])
        queue_soloist_decisions();
      continue;
    }
    if (phase == SPIELEN) {
      do_spielen();
      if (game_over) return;
      /* do_spielen returns at the outside's turn (after computing its hint,
         as for a human), or after "the rest is mine" was looked at */
      if (phase == SPIELEN && outside[(ausspl + vmh) % 3]) return;
      continue;
    }
    /* HANDSPIEL, DRUECKEN, ANSAGEN: the outside soloist */
    return;
  }
}

static void print_result(void)
{
  int i, j;
  if (passed_in) { out("END passed"); return; }
  printf("END soloist %d game %s hand %d schneider %d schwarz %d ouvert %d won %d value %d points %d bid %d skat %s %s",
         pos_of(spieler), trumpf == -1 ? "N" : (char[]){GAMECH[trumpf], 0}, handsp, schnang, schwang, ouveang,
         spgew, spgew ? spwert : -spwert, stsum, reizw[reizp],
         cardname(prot2.skat[1][0]), cardname(prot2.skat[1][1]));
  printf(" dealtskat %s %s tricks", cardname(prot2.skat[0][0]), cardname(prot2.skat[0][1]));
  for (i = 0; i < 10; i++) {
    printf(" %d:", prot2.anspiel[i] < 0 ? -1 : pos_of(prot2.anspiel[i]));
    for (j = 0; j < 3; j++) printf("%s%s", j ? "," : "", cardname(prot2.stiche[i][seat_of(j)]));
  }
  printf(" made %d\n", stich - 1);
  fflush(stdout);
}

static void print_step(void)
{
  int seat, ph;
  if (qhead < qtail) {
    out("X %d %s | %s", q[qhead].pos, q[qhead].act, q[qhead].st);
    qhead++;
    return;
  }
  ph = ref_phase(&seat);
  if (ph == P_FINISHED) { print_result(); return; }
  if (ph < 0) { out("error unknown xskat phase %d", phase); exit(3); }
  {
    char st[64];
    state_str(st, ph, seat);
    out("O %d %s | %s", pos_of(seat), PHNAME[ph], st);
  }
}

static void print_hands(void)
{
  int p, i;
  printf("DEAL");
  for (p = 0; p < 3; p++) {
    int s = seat_of(p);
    printf(" ");
    for (i = 0; i < 10; i++) printf("%s%s", i ? "," : "", cardname(cards[10 * s + i]));
  }
  printf(" %s,%s\n", cardname(cards[30]), cardname(cards[31]));
  fflush(stdout);
}

static int outside_turn(int *seat)
{
  int ph;
  if (qhead < qtail) return -1;
  ph = ref_phase(seat);
  if (ph < 0 || ph == P_FINISHED || !outside[*seat]) return -1;
  return ph;
}

/* enter the outside's action the way xskat's dialogs/mouse handlers do */
static const char *do_outside(char *line)
{
  int seat, ph = outside_turn(&seat);
  char *w = strtok(line, " \t\r\n");
  if (ph < 0) return "not the outside's turn";
  if (!w) return "empty action";
  if (ph == P_BIDDING) {
    if (!strcmp(w, "pass")) { maxrw[seat] = 0; do_entsch(); }
    else if (!strcmp(w, "hold")) {
      if (saho) return "hold while bidding";
      maxrw[seat] = 999 - 1; do_entsch();
    }
    else if (!strcmp(w, "bid")) {
      char *v = strtok(0, " \t\r\n");
      int val = v ? atoi(v) : 0, k;
      if (!saho) return "bid while being bid to";
      for (k = 0; reizw[k] != 999 && reizw[k] != val; k++);
      if (reizw[k] == 999 || k < reizp) return "bid value not allowed";
      if (sager == hoerer && k != 0) return "forehand alone bids 18";
      reizp = k;   /* a jump: the human says this value instead of the next */
      maxrw[seat] = 999 - 1;
      do_entsch();
    }
    else return "unknown bidding action";
    if (phase != REIZEN && !passed_in && reizp >= 0 && !outside[spieler])
      queue_soloist_decisions();
    return 0;
  }
  if (ph == P_SKAT) {
    if (!strcmp(w, "pickup")) { do_handok(); return 0; }
    if (!strcmp(w, "declare")) {
      handsp = 1;
      do_handok();               /* -> do_ansagen -> di_spiel (waits) */
      ph = P_DECLARE;
      w = "declare";
    }
    else return "unknown skat action";
  }
  if (ph == P_DISCARD) {
    int d[2], k, i, c;
    if (strcmp(w, "discard")) return "unknown discard action";
    for (k = 0; k < 2; k++) {
      d[k] = parsecard(strtok(0, " \t\r\n"));
      if (d[k] < 0) return "bad card";
    }
    /* the mouse: click a hand card to swap it with a skat card */
    for (k = 0; k < 2; k++) {
      if (cards[30] == d[k] || cards[31] == d[k]) continue;
      for (i = 0; i < 10 && cards[10 * seat + i] != d[k]; i++);
      if (i == 10) return "card not in hand";
      /* xskat swaps with skat slot drkcd; make sure we do not swap out the other discard */
      if (cards[30 + drkcd] == d[0] || cards[30 + drkcd] == d[1]) drkcd = 1 - drkcd;
      swap(&cards[10 * seat + i], &cards[drkcd + 30]);
      initscr(seat, 1);
      drkcd = 1 - drkcd;
    }
    /* the "done" button */
    home_skat();
    save_skat(1);
    for (c = 0; c < 2; c++) {
      stsum += cardw[cards[c + 30] & 7];
      gespcd[cards[c + 30]] = 1;
      cards[c + 30] = -1;
    }
    gedr = 2;
    do_ansagen();
    return 0;
  }
  if (ph == P_DECLARE) {
    char *g = strtok(0, " \t\r\n"), *f;
    int hand = 0, schn = 0, schw = 0, ouv = 0;
    if (strcmp(w, "declare") || !g || strlen(g) != 1) return "unknown declare action";
    while ((f = strtok(0, " \t\r\n"))) {
      if (!strcmp(f, "hand")) hand = 1;
      else if (!strcmp(f, "schneider")) schn = 1;
      else if (!strcmp(f, "schwarz")) schw = 1;
      else if (!strcmp(f, "ouvert")) ouv = 1;
      else return "unknown declare flag";
    }
    if (hand != handsp) return "hand flag does not match";
    if (*g == 'N') trumpf = -1;
    else if (strchr(GAMECH, *g)) trumpf = (int)(strchr(GAMECH, *g) - GAMECH);
    else return "unknown game";
    /* as the game dialog's OK button */
    spitzeang = 0;
    if (ouv) ouveang = schwang = schnang = 1;
    else if (schw) schwang = schnang = 1;
    else if (schn) schnang = 1;
    if (trumpf == -1) schwang = schnang = 0;
    di_ansage();
    return 0;
  }
  if (ph == P_PLAYING) {
    int c, i, k;
    if (!strcmp(w, "auto")) {
      /* the referee's game is already over (a lost schwarz announcement ends
         it in skat_core): xskat plays the rest, this seat by its own hint */
      i = hintcard[0];
      if (i < 10 * seat || i >= 10 * seat + 10 || cards[i] < 0) return "no hint card";
      calc_poss(seat);
      for (k = 0; k < possc && possi[k] != i; k++);
      if (k == possc) return "hint card not allowed";
      drop_card(i, seat);
      do_next();
      return 0;
    }
    if (strcmp(w, "play")) return "unknown playing action";
    c = parsecard(strtok(0, " \t\r\n"));
    if (c < 0) return "bad card";
    for (i = 0; i < 10 && cards[10 * seat + i] != c; i++);
    if (i == 10) return "card not in hand";
    calc_poss(seat);
    for (k = 0; k < possc && possi[k] != 10 * seat + i; k++);
    if (k == possc) return "card not allowed";
    drop_card(10 * seat + i, seat);
    do_next();
    return 0;
  }
  return "no action possible";
}

static unsigned long fnv(const char *s)
{
  unsigned long h = 2166136261UL;
  for (; *s; s++) { h ^= (unsigned char)*s; h *= 16777619UL; h &= 0xffffffffUL; }
  return h;
}

/* Settings: xskat's defaults in its all-computer (-auto) mode, which are the
   tournament rules here; no shortcut (every card is played out). */
static void settings(int nhuman)
{
  int i;
  numsp = nhuman;
  numgames = 0;
  playramsch = playsramsch = playkontra = playbock = 0;
  spitzezaehlt = revolution = klopfen = schenken = 0;
  oldrules = 0;
  for (i = 0; i < 3; i++) {
    strateg[i] = 0;
    abkuerz[i] = 0;
    hints[i] = 0;
    sort1[i] = alternate[i] = 0;
    nimmstich[i][0] = 7;
    lang[i] = 0;
  }
  logging = 0;
  list_file = opt_file = prot_file = cards_file = 0;
  dlhintseen = 1;
  firstgame = 0;
  pkoption = 0;
  init_text();
}

static void usage_err(const char *m) { out("error %s", m); exit(2); }

int main(int argc, char **argv)
{
  char line[1024];
  int started = 0;
  (void)argc; (void)argv;
  while (fgets(line, sizeof line, stdin)) {
    char *cmd, buf[1024];
    strcpy(buf, line);
    cmd = strtok(buf, " \t\r\n");
    if (!cmd) continue;
    if (!strcmp(cmd, "new") || !strcmp(cmd, "xseed")) {
      /* new <FH> <MH> <RH> <SKAT> <ctl> [seed]   cards comma-separated, ctl e.g. xxo
         xseed <seed> <gamenr> <dealer 1..3>      xskat deals itself, all seats xskat */
      int nout = 0, p, s, g;
      if (started) usage_err("one deal per process");
      started = 1;
      if (!strcmp(cmd, "new")) {
        char *h[4], *ctl, *sd, *c;
        int owner[32], k, n;
        unsigned long seedv;
        for (k = 0; k < 4; k++) if (!(h[k] = strtok(0, " \t\r\n"))) usage_err("new needs 4 card lists");
        ctl = strtok(0, " \t\r\n");
        sd = strtok(0, " \t\r\n");
        if (!ctl || strlen(ctl) != 3) usage_err("control string like xxo");
        for (p = 0; p < 3; p++) nout += ctl[p] == 'o';
        /* choose the dealer so that the outside positions are xskat seats 0..numsp-1 */
        for (g = 0; g < 3; g++) {
          int ok = 1;
          for (p = 0; p < 3; p++) {
            int seat = (g + 1 + p) % 3;
            if ((ctl[p] == 'o') != (seat < nout)) ok = 0;
          }
          if (ok) break;
        }
        if (g == 3) usage_err("no dealer places the outside seats first");
        for (k = 0; k < 32; k++) owner[k] = -1;
        for (k = 0; k < 4; k++) {
          char tmp[256];
          int cnt = 0;
          strncpy(tmp, h[k], 255); tmp[255] = 0;
          for (c = strtok(tmp, ","); c; c = strtok(0, ",")) {
            int cc = parsecard(c);
            if (cc < 0 || owner[cc] >= 0) usage_err("bad or repeated card");
            /* game file codes: 0 skat, 1 middlehand, 2 rearhand(dealer), 3 forehand */
            owner[cc] = k == 0 ? 3 : k == 1 ? 1 : k == 2 ? 2 : 0;
            cnt++;
          }
          if (cnt != (k == 3 ? 2 : 10)) usage_err("wrong number of cards");
          /* strtok state was reset by the inner loop: re-fetch the rest later */
        }
        n = 0;
        for (k = 0; k < 32; k++) n += sprintf(gamebuf + n, "%d ", owner[k]);
        gamebuf[n] = '\n'; gamebuf[n + 1] = 0;
        settings(nout);
        /* xskat seeds its move randomness from the dealing generator; seed it from the deal */
        if (sd) seedv = strtoul(sd, 0, 10);
        else {
          char all[1024];
          snprintf(all, sizeof all, "%s %s %s %s", h[0], h[1], h[2], h[3]);
          seedv = fnv(all);
        }
        setrnd(&seed[0], (long)seedv);
        savseed = (long)seedv;
        geber = right(g);      /* do_geben moves the deal on by one seat */
        for (s = 0; s < 3; s++) outside[s] = s < nout;
      }
      else {
        char *a = strtok(0, " \t\r\n"), *b = strtok(0, " \t\r\n"), *d = strtok(0, " \t\r\n");
        if (!a || !b || !d) usage_err("xseed <seed> <gamenr> <dealer 1..3>");
        snprintf(gamebuf, sizeof gamebuf, "random_seed %s %s %s\n", a, b, d);
        settings(0);
        setrnd(&seed[0], 1L);
        geber = 0;
        for (s = 0; s < 3; s++) outside[s] = 0;
      }
      game_file = (char *)GAMEFILE_NAME;
      phase = GEBEN;
      do_geben();
      print_hands();
      advance();
      continue;
    }
    if (!started) { out("error no deal"); continue; }
    if (!strcmp(cmd, "step")) { print_step(); continue; }
    if (!strcmp(cmd, "do")) {
      const char *err = do_outside(line + 3);
      if (err) out("error %s", err);
      else { advance(); out("ok"); }
      continue;
    }
    if (!strcmp(cmd, "seed")) { out("SEED %ld", seed[0]); continue; }
    if (!strcmp(cmd, "quit")) break;
    out("error unknown command %s", cmd);
  }
  return 0;
}
