(* Local hashing over a finite family for every real t >= 1, every range g >= 2, every number S
   >= 1 of hash functions and every family h (h s x < g): the claims local_hashing_ldp (OLH,
   BLH, FLH) and local_hashing_uldp (uldp's uLH), checked by Coq's kernel. Output o < S g is the
   pair (seed o / g, value o mod g); uLH's output S g + j is the symbol j itself. *)
From Coq Require Import Reals Lra Lia Psatz.
From Uldp Require Import Common.
Open Scope R_scope.

(* uldp:statement local_hashing_ldp *)
Definition lh_Q (t : R) (g S : nat) (h : nat -> nat -> nat) (x o : nat) : R :=
  if Nat.eqb (h (o / g)%nat x) (o mod g)%nat then t / ((INR g + t - 1) * INR S)
  else 1 / ((INR g + t - 1) * INR S).
(* uldp:end *)

(* uldp:statement local_hashing_uldp *)
Definition ulh_Q (t : R) (g S : nat) (h : nat -> nat -> nat) (Sens : nat -> bool) (x o : nat)
  : R :=
  if Nat.ltb o (S * g)%nat then
    (if andb (Sens x) (Nat.eqb (h (o / g)%nat x) (o mod g)%nat) then t / ((INR g + t - 1) * INR S)
     else 1 / ((INR g + t - 1) * INR S))
  else if Nat.eqb (o - S * g)%nat x then (if Sens x then 0 else (t - 1) / (INR g + t - 1))
  else 0.
(* uldp:end *)

(* helper lemmas, not part of the statement *)

Lemma rsum_app : forall a b f, rsum (a + b) f = rsum a f + rsum b (fun i => f (a + i)%nat).
Proof.
  intros a b f. induction b as [|b IH].
  - rewrite Nat.add_0_r. simpl. lra.
  - rewrite Nat.add_succ_r. simpl. rewrite IH. lra.
Qed.

(** Outputs 0..n g - 1 in blocks of g: block s holds s g .. s g + g - 1. *)
Lemma rsum_blocks : forall n g f,
  rsum (n * g) f = rsum n (fun s => rsum g (fun i => f (s * g + i)%nat)).
Proof.
  intros n g f. induction n as [|n IH].
  - reflexivity.
  - rewrite Nat.mul_succ_l, rsum_app, IH. reflexivity.
Qed.

Lemma block_index : forall s g i, (i < g)%nat ->
  ((s * g + i) / g = s /\ (s * g + i) mod g = i)%nat.
Proof.
  intros s g i Hi. assert (Hg : g <> 0%nat) by lia.
  rewrite (Nat.add_comm (s * g) i). split.
  - rewrite Nat.div_add by exact Hg. rewrite Nat.div_small by exact Hi. lia.
  - rewrite Nat.mod_add by exact Hg. apply Nat.mod_small. exact Hi.
Qed.

Section Family.
  Variables (t : R) (g S : nat) (h : nat -> nat -> nat).
  Hypotheses (Ht : 1 <= t) (Hg : (2 <= g)%nat) (HS : (1 <= S)%nat)
             (Hh : forall s x, (h s x < g)%nat).

  Let D := (INR g + t - 1) * INR S.

  Lemma lh_D_pos : 0 < D.
  Proof.
    unfold D. apply le_INR in Hg. apply le_INR in HS. simpl in Hg, HS.
    apply Rmult_lt_0_compat; lra.
  Qed.

  Lemma lh_bounds : forall x o, 1 / D <= lh_Q t g S h x o <= t * (1 / D).
  Proof.
    intros x o. pose proof lh_D_pos as HD.
    assert (Hinv : 0 < 1 / D) by (apply Rdiv_lt_0_compat; lra).
    unfold lh_Q. fold D. destruct (Nat.eqb _ _).
    - replace (t / D) with (t * (1 / D)) by (field; lra). nra.
    - nra.
  Qed.

  Lemma lh_block : forall x s, rsum g (fun i => lh_Q t g S h x (s * g + i)) = 1 / INR S.
  Proof.
    intros x s. pose proof lh_D_pos as HD.
    assert (HSr : 0 < INR S) by (apply lt_0_INR; lia).
    assert (Hgr : 2 <= INR g) by (apply le_INR in Hg; simpl in Hg; lra).
    rewrite (rsum_ext g _ (fun i => if Nat.eqb (h s x) i then t / D else 1 / D)).
    - rewrite rsum_one_hot by apply Hh. unfold D. field. lra.
    - intros i Hi. destruct (block_index s g i Hi) as [Hq Hr].
      unfold lh_Q. fold D. rewrite Hq, Hr. reflexivity.
  Qed.

  Lemma lh_rows : forall x, rsum (S * g) (lh_Q t g S h x) = 1.
  Proof.
    intros x. assert (HSr : 0 < INR S) by (apply lt_0_INR; lia).
    rewrite rsum_blocks, (rsum_ext S _ (fun _ => 1 / INR S)) by (intros; apply lh_block).
    rewrite rsum_const. field. lra.
  Qed.

  Lemma lh_tight : forall s x x', (s < S)%nat -> h s x <> h s x' ->
    lh_Q t g S h x (s * g + h s x) = t * lh_Q t g S h x' (s * g + h s x) /\
    0 < lh_Q t g S h x' (s * g + h s x).
  Proof.
    intros s x x' Hs Hne. pose proof lh_D_pos as HD.
    destruct (block_index s g (h s x) (Hh s x)) as [Hq Hr].
    unfold lh_Q. fold D. rewrite Hq, Hr, Nat.eqb_refl.
    destruct (Nat.eqb_spec (h s x') (h s x)) as [E|_]; [congruence|].
    split; [field; lra | apply Rdiv_lt_0_compat; lra].
  Qed.
End Family.

(* uldp:statement local_hashing_ldp *)
Theorem local_hashing_ldp : forall (t : R) (g S k : nat) (h : nat -> nat -> nat),
  1 <= t -> (2 <= g)%nat -> (1 <= S)%nat -> (forall s x, (h s x < g)%nat) ->
  Mechanism k (S * g) (lh_Q t g S h) /\
  LDP k (Outputs (S * g)) (lh_Q t g S h) t /\
  ((exists s x x', (s < S)%nat /\ (x < k)%nat /\ (x' < k)%nat /\ h s x <> h s x') ->
   RatioAttained k (Outputs (S * g)) (lh_Q t g S h) t).
(* uldp:end *)
Proof.
  intros t g S k h Ht Hg HS Hh. split; [|split].
  - split.
    + intros x o _ _. pose proof (lh_bounds t g S h Ht Hg HS x o) as [H _].
      pose proof (lh_D_pos t g S Ht Hg HS).
      assert (0 < 1 / ((INR g + t - 1) * INR S)) by (apply Rdiv_lt_0_compat; lra). lra.
    + intros x _. apply lh_rows; assumption.
  - intros x x' o _ _ _.
    pose proof (lh_bounds t g S h Ht Hg HS x o) as [_ H1].
    pose proof (lh_bounds t g S h Ht Hg HS x' o) as [H2 _]. nra.
  - intros [s [x [x' [Hs [Hx [Hx' Hne]]]]]].
    destruct (lh_tight t g S h Ht Hg HS Hh s x x' Hs Hne) as [Heq Hpos].
    exists x, x', (s * g + h s x)%nat. unfold Outputs.
    repeat split; try assumption.
    pose proof (Hh s x). nia.
Qed.

(* uldp:statement local_hashing_uldp *)
Theorem local_hashing_uldp : forall (t : R) (g S k : nat) (h : nat -> nat -> nat)
    (Sens : nat -> bool),
  1 <= t -> (2 <= g)%nat -> (1 <= S)%nat -> (forall s x, (h s x < g)%nat) ->
  Mechanism k (S * g + k) (ulh_Q t g S h Sens) /\
  ULDP k Sens (Protected (S * g + k) (fun o => Nat.ltb o (S * g)))
    (Invertible (S * g + k) (fun o => Nat.ltb o (S * g))) (ulh_Q t g S h Sens) t.
(* uldp:end *)
Proof.
  intros t g S k h Sens Ht Hg HS Hh.
  pose proof (lh_D_pos t g S Ht Hg HS) as HD.
  set (D := (INR g + t - 1) * INR S) in *.
  assert (Hb : 0 < 1 / D) by (apply Rdiv_lt_0_compat; lra).
  assert (Hgr : 2 <= INR g) by (apply le_INR in Hg; simpl in Hg; lra).
  assert (HSr : 0 < INR S) by (apply lt_0_INR; lia).
  (* On Y_P a sensitive row is local hashing's, a non-sensitive one is 1/D everywhere. *)
  assert (Hp_row : forall x o, (o < S * g)%nat ->
            ulh_Q t g S h Sens x o = if Sens x then lh_Q t g S h x o else 1 / D).
  { intros x o Ho. unfold ulh_Q, lh_Q. fold D. rewrite (proj2 (Nat.ltb_lt o (S * g)) Ho).
    destruct (Sens x); reflexivity. }
  assert (Hv : forall x o, (o < S * g)%nat ->
            1 / D <= ulh_Q t g S h Sens x o <= t * (1 / D)).
  { intros x o Ho. rewrite (Hp_row x o Ho).
    pose proof (lh_bounds t g S h Ht Hg HS x o) as B. fold D in B.
    destruct (Sens x); [exact B | split; nra]. }
  assert (Hi_row : forall x j, ulh_Q t g S h Sens x (S * g + j) =
            if Nat.eqb j x then (if Sens x then 0 else (t - 1) / (INR g + t - 1)) else 0).
  { intros x j. unfold ulh_Q.
    replace (Nat.ltb (S * g + j) (S * g)) with false by (symmetry; apply Nat.ltb_ge; lia).
    replace (S * g + j - S * g)%nat with j by lia. reflexivity. }
  split; [split|split].
  - intros x o _ _. destruct (Nat.ltb_spec o (S * g)) as [Ho|Ho].
    + pose proof (Hv x o Ho). lra.
    + replace o with (S * g + (o - S * g))%nat by lia. rewrite Hi_row.
      destruct (Nat.eqb _ _); [destruct (Sens x)|]; try lra.
      apply Rmult_le_pos; [lra | apply Rlt_le, Rinv_0_lt_compat; lra].
  - intros x Hx. rewrite rsum_app.
    rewrite (rsum_ext (S * g) _ (fun o => if Sens x then lh_Q t g S h x o else 1 / D))
      by (intros o Ho; apply Hp_row; exact Ho).
    rewrite (rsum_ext k _ (fun j => if Nat.eqb j x then
                                      (if Sens x then 0 else (t - 1) / (INR g + t - 1)) else 0))
      by (intros j _; apply Hi_row).
    rewrite (rsum_single k x _ Hx). destruct (Sens x).
    + rewrite (rsum_ext (S * g) _ (lh_Q t g S h x)) by reflexivity.
      rewrite (lh_rows t g S h Ht Hg HS Hh x). lra.
    + rewrite rsum_const, mult_INR. unfold D. field. lra.
  - intros o [Ho Hp] Hreach. apply Nat.ltb_ge in Hp.
    destruct Hreach as [x [Hx Hpos]].
    assert (Eo : o = (S * g + (o - S * g))%nat) by lia.
    set (j := (o - S * g)%nat) in Eo. rewrite Eo in Hpos |- *.
    pose proof Hpos as Hval. rewrite Hi_row in Hval.
    destruct (Nat.eqb_spec j x) as [Hxo|]; [|lra].
    assert (HSx : Sens x = false) by (destruct (Sens x); [lra | reflexivity]).
    exists x. split; [exact Hx|]. split; [exact HSx|]. split; [exact Hpos|].
    intros x' _ Hne. rewrite Hi_row. destruct (Nat.eqb_spec j x'); [congruence | reflexivity].
  - intros x x' o _ _ [Ho Hp]. apply Nat.ltb_lt in Hp.
    pose proof (Hv x o Hp) as [_ U]. pose proof (Hv x' o Hp) as [L _].
    apply Rle_trans with (t * (1 / D)); [lra | apply Rmult_le_compat_l; lra].
Qed.

Print Assumptions local_hashing_ldp.
Print Assumptions local_hashing_uldp.
