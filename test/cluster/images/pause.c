/* A minimal pause container for the local test cluster's pod sandboxes: sleeps until
 * SIGINT/SIGTERM, reaps any zombie children it inherits. Built with `gcc -static` by lib/images.sh. */
#include <signal.h>
#include <stddef.h>
#include <sys/wait.h>
#include <unistd.h>

static void on_term(int sig) { (void)sig; _exit(0); }

static void on_chld(int sig) {
  (void)sig;
  while (waitpid(-1, NULL, WNOHANG) > 0) {
  }
}

int main(void) {
  struct sigaction term = {0}, chld = {0};
  term.sa_handler = on_term;
  sigaction(SIGINT, &term, NULL);
  sigaction(SIGTERM, &term, NULL);
  chld.sa_handler = on_chld;
  chld.sa_flags = SA_NOCLDSTOP;
  sigaction(SIGCHLD, &chld, NULL);
  for (;;) pause();
  return 0;
}
