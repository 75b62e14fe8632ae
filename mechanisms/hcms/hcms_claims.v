(* hadamard_count_mean_sketch_ldp: Apple's Hadamard count-mean sketch is eps-LDP at e^eps = t,
   tight, for every J, m, hash family and sign table: a report (j, l, w) has probability
   t/((1+t) J m) when w is the input's Hadamard coefficient H[l][h_j(x)] and 1/((1+t) J m)
   otherwise, and every row sums to 1 (per (j, l) the two values of w). The hash is any function
   of (j, x) and the sign any function of (l, bucket): the statement holds for every family. *)
From Coq Require Import Reals Lra Lia Psatz.
From Uldp Require Import Common.
Open Scope R_scope.

(* uldp:statement hadamard_count_mean_sketch_ldp *)
Definition hcms_Q (J m : nat) (t : R) (hash : nat -> nat -> nat) (sign : nat -> nat -> bool)
    (x j l : nat) (w : bool) : R :=
  / (INR J * INR m) * (if Bool.eqb w (sign l (hash j x)) then t / (1 + t) else 1 / (1 + t)).

Theorem hadamard_count_mean_sketch_ldp : forall (J m : nat) (t : R) (hash : nat -> nat -> nat)
    (sign : nat -> nat -> bool),
  1 <= t -> (1 <= J)%nat -> (1 <= m)%nat ->
  (forall x x' j l w,
     hcms_Q J m t hash sign x j l w <= t * hcms_Q J m t hash sign x' j l w) /\
  (forall x j l, hcms_Q J m t hash sign x j l true + hcms_Q J m t hash sign x j l false =
                 / (INR J * INR m)) /\
  (forall x x' j l, sign l (hash j x) <> sign l (hash j x') ->
     hcms_Q J m t hash sign x j l (sign l (hash j x)) =
     t * hcms_Q J m t hash sign x' j l (sign l (hash j x))).
(* uldp:end *)
Proof.
  intros J m t hash sign Ht HJ Hm.
  assert (HJm : 0 < / (INR J * INR m)).
  { apply Rinv_0_lt_compat. apply Rmult_lt_0_compat; apply lt_0_INR; lia. }
  assert (HA : t / (1 + t) = t * (1 / (1 + t))) by (field; lra).
  assert (HB : 0 < 1 / (1 + t)) by (apply Rdiv_lt_0_compat; lra).
  split; [|split].
  - intros x x' j l w. unfold hcms_Q.
    set (K := / (INR J * INR m)) in *. set (B := 1 / (1 + t)) in *.
    assert (HKB : 0 < K * B) by nra.
    destruct (Bool.eqb w (sign l (hash j x))), (Bool.eqb w (sign l (hash j x'))); rewrite ?HA.
    + assert (0 <= (t - 1) * (K * (t * B))) by (apply Rmult_le_pos; nra). nra.
    + assert (0 <= K * (t * B)) by nra. nra.
    + assert (0 <= (t - 1) * (K * B)) by (apply Rmult_le_pos; nra). nra.
    + assert (0 <= (t - 1) * (K * B)) by (apply Rmult_le_pos; nra). nra.
  - intros x j l. unfold hcms_Q.
    assert (Hsum : t / (1 + t) + 1 / (1 + t) = 1) by (field; lra).
    destruct (sign l (hash j x)); simpl; rewrite <- Rmult_plus_distr_l;
      [rewrite Hsum | rewrite Rplus_comm, Hsum]; ring.
  - intros x x' j l Hne. unfold hcms_Q. rewrite Bool.eqb_reflx.
    destruct (Bool.eqb (sign l (hash j x)) (sign l (hash j x'))) eqn:E.
    + apply Bool.eqb_prop in E. contradiction.
    + rewrite HA. ring.
Qed.

Print Assumptions hadamard_count_mean_sketch_ldp.
