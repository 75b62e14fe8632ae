(* The construction uldp-from-ldp (reference/include/uldp/constructions/uldp_from_ldp.h): an
   eps-LDP mechanism M on the sensitive inputs X_S becomes an (X_S, Y_P, eps)-ULDP mechanism Q on
   X = {0..k-1}, Y_P being M's outputs {0..m-1}:

     Q(y|x) = M(y|x)            x in X_S, y in Y_P   (the sensitive rows kept)
     Q(y|x) = r(y)              x in X_N, y in Y_P
     Q(own(x)|x) = 1 - sum_y r(y)   x in X_N         (its own invertible output)

   with r(y) = min over X_S of M(y|s) ([uldp_from_ldp]) or max over X_S of M(y|s) / t
   ([uldp_from_ldp_lowest]). As in the C++ library, X_S is any set ([XS : nat -> bool]), M has
   one row per sensitive input (row i is the i-th smallest sensitive input: [ufl_rank XS x]), the
   own output of the j-th smallest non-sensitive input is m + j, and there are no own outputs
   when 1 - sum_y r(y) = 0 ([ufl_width]). The min and max over X_S are computed by folds over
   M's rows ([ufl_min], [ufl_max]), not pinned by properties as in the SMT encoding
   (uldp_from_ldp_claims.cc). For the lowest row, t is any budget at which M is t-LDP (the C++
   library takes M's tight ratio, one such t). *)
From Uldp Require Import Common.
From Coq Require Import Reals Lra Lia Psatz.
Open Scope R_scope.

(* uldp:statement uldp_from_ldp uldp_from_ldp_lowest mutant_uldp_from_ldp_largest *)
Fixpoint ufl_rank (p : nat -> bool) (x : nat) : nat :=
  match x with
  | O => O
  | S x' => (ufl_rank p x' + (if p x' then 1 else 0))%nat
  end.

Definition ufl_own (m : nat) (r : nat -> R) : R := 1 - rsum m r.

Definition ufl_width (k : nat) (XS : nat -> bool) (m : nat) (r : nat -> R) : nat :=
  if Req_EM_T (ufl_own m r) 0 then m else (m + ufl_rank (fun i => negb (XS i)) k)%nat.

Definition ufl_P (m : nat) (y : nat) : bool := Nat.ltb y m.

Definition ufl_Q (XS : nat -> bool) (m : nat) (M : nat -> nat -> R) (r : nat -> R)
    (x y : nat) : R :=
  if Nat.ltb y m then (if XS x then M (ufl_rank XS x) y else r y)
  else if XS x then 0
  else if Nat.eqb y (m + ufl_rank (fun i => negb (XS i)) x) then ufl_own m r
  else 0.
(* uldp:end *)

(* uldp:statement uldp_from_ldp *)
Fixpoint ufl_min (f : nat -> R) (n : nat) : R :=
  match n with
  | O => 0
  | S O => f O
  | S n' => Rmin (ufl_min f n') (f n')
  end.

Definition ufl_r_min (M : nat -> nat -> R) (nS : nat) (y : nat) : R :=
  ufl_min (fun i => M i y) nS.
(* uldp:end *)

(* uldp:statement uldp_from_ldp_lowest mutant_uldp_from_ldp_largest *)
Fixpoint ufl_max (f : nat -> R) (n : nat) : R :=
  match n with
  | O => 0
  | S O => f O
  | S n' => Rmax (ufl_max f n') (f n')
  end.
(* uldp:end *)

(* uldp:statement uldp_from_ldp_lowest *)
Definition ufl_r_lowest (M : nat -> nat -> R) (nS : nat) (t : R) (y : nat) : R :=
  ufl_max (fun i => M i y) nS / t.
(* uldp:end *)

(* helper lemmas, not part of the statement *)

(** The folds compute the minimum and the maximum over 0..n-1 (n >= 1). *)
Lemma ufl_min_spec : forall f n, (0 < n)%nat ->
  (forall i, (i < n)%nat -> ufl_min f n <= f i) /\ exists i, (i < n)%nat /\ ufl_min f n = f i.
Proof.
  intros f n. induction n as [|n IH]; intros Hn; [lia|].
  destruct n as [|n'].
  - split; [intros i Hi; replace i with 0%nat by lia; simpl; lra | exists 0%nat; split; [lia|reflexivity]].
  - destruct (IH ltac:(lia)) as [Hle [j [Hj Hjeq]]].
    change (ufl_min f (S (S n'))) with (Rmin (ufl_min f (S n')) (f (S n'))).
    split.
    + intros i Hi. destruct (Nat.eq_dec i (S n')) as [->|Hne].
      * apply Rmin_r.
      * eapply Rle_trans; [apply Rmin_l | apply Hle; lia].
    + unfold Rmin. destruct (Rle_dec (ufl_min f (S n')) (f (S n'))).
      * exists j. split; [lia | exact Hjeq].
      * exists (S n'). split; [lia | reflexivity].
Qed.

Lemma ufl_max_spec : forall f n, (0 < n)%nat ->
  (forall i, (i < n)%nat -> f i <= ufl_max f n) /\ exists i, (i < n)%nat /\ ufl_max f n = f i.
Proof.
  intros f n. induction n as [|n IH]; intros Hn; [lia|].
  destruct n as [|n'].
  - split; [intros i Hi; replace i with 0%nat by lia; simpl; lra | exists 0%nat; split; [lia|reflexivity]].
  - destruct (IH ltac:(lia)) as [Hle [j [Hj Hjeq]]].
    change (ufl_max f (S (S n'))) with (Rmax (ufl_max f (S n')) (f (S n'))).
    split.
    + intros i Hi. destruct (Nat.eq_dec i (S n')) as [->|Hne].
      * apply Rmax_r.
      * eapply Rle_trans; [apply Hle; lia | apply Rmax_l].
    + unfold Rmax. destruct (Rle_dec (ufl_max f (S n')) (f (S n'))).
      * exists (S n'). split; [lia | reflexivity].
      * exists j. split; [lia | exact Hjeq].
Qed.

(** Ranks: [ufl_rank p x] is the number of i < x with [p i]. *)
Lemma ufl_rank_mono : forall p x x', (x <= x')%nat -> (ufl_rank p x <= ufl_rank p x')%nat.
Proof.
  intros p x x' H. induction H; [lia|]. simpl. destruct (p m); lia.
Qed.

Lemma ufl_rank_lt : forall p x x', (x < x')%nat -> p x = true ->
  (ufl_rank p x < ufl_rank p x')%nat.
Proof.
  intros p x x' H Hp. pose proof (ufl_rank_mono p (S x) x' H) as Hm.
  simpl in Hm. rewrite Hp in Hm. lia.
Qed.

Lemma ufl_rank_inj : forall p x x', p x = true -> p x' = true ->
  ufl_rank p x = ufl_rank p x' -> x = x'.
Proof.
  intros p x x' Hx Hx' E. destruct (Nat.lt_total x x') as [H|[H|H]]; auto.
  - pose proof (ufl_rank_lt p x x' H Hx). lia.
  - pose proof (ufl_rank_lt p x' x H Hx'). lia.
Qed.

Lemma ufl_rank_surj : forall p k i, (i < ufl_rank p k)%nat ->
  exists x, (x < k)%nat /\ p x = true /\ ufl_rank p x = i.
Proof.
  intros p k. induction k as [|k IH]; intros i Hi; simpl in Hi; [lia|].
  destruct (Nat.lt_ge_cases i (ufl_rank p k)) as [H|H].
  - destruct (IH i H) as [x [Hx [Hp Hr]]]. exists x. split; [lia|auto].
  - destruct (p k) eqn:E; [|lia]. exists k. split; [lia|]. split; [exact E|lia].
Qed.

(** Splitting a sum over 0..m+n-1. *)
Lemma ufl_rsum_split : forall m n f, rsum (m + n) f = rsum m f + rsum n (fun i => f (m + i)%nat).
Proof.
  intros m n f. induction n as [|n IH]; simpl.
  - rewrite Nat.add_0_r. lra.
  - rewrite Nat.add_succ_r. simpl. rewrite IH. lra.
Qed.

Lemma ufl_rsum_zero : forall n f, (forall i, (i < n)%nat -> f i = 0) -> rsum n f = 0.
Proof.
  intros n f H. rewrite (rsum_ext n f (fun _ => 0)) by auto. rewrite rsum_const. lra.
Qed.

Lemma ufl_cond1_literal_reachable : forall k S Yi (Q : nat -> nat -> R),
  Cond1Literal k S Yi Q -> Cond1Reachable k S Yi Q.
Proof. intros k S Yi Q H y Hy _. apply H; exact Hy. Qed.

Section UflGeneric.
  (** Any non-sensitive row r between max/t and min over X_S gives a ULDP mechanism. *)
  Context (k m : nat) (XS : nat -> bool) (M : nat -> nat -> R) (t : R) (r : nat -> R).
  Let nS := ufl_rank XS k.
  Let nN := ufl_rank (fun i => negb (XS i)) k.
  Context (Ht : 1 <= t).
  Context (HnS : (0 < nS)%nat).
  Context (HM : Mechanism nS m M).
  Context (HL : LDP nS (Outputs m) M t).
  Context (Hlo : forall y i, (y < m)%nat -> (i < nS)%nat -> r y <= M i y).
  Context (Hhi : forall y i, (y < m)%nat -> (i < nS)%nat -> M i y <= t * r y).

  Let Q := ufl_Q XS m M r.
  Let W := ufl_width k XS m r.

  Lemma ufl_gen_r_nonneg : forall y, (y < m)%nat -> 0 <= r y.
  Proof.
    intros y Hy. pose proof (Hhi y 0 Hy HnS). destruct HM as [Hnn _].
    pose proof (Hnn 0%nat y HnS Hy). nra.
  Qed.

  Lemma ufl_gen_own_nonneg : 0 <= ufl_own m r.
  Proof.
    unfold ufl_own. destruct HM as [_ Hs].
    assert (rsum m r <= rsum m (M 0%nat)) by (apply rsum_le; intros; apply Hlo; lia).
    rewrite (Hs 0%nat HnS) in H. lra.
  Qed.

  Lemma ufl_gen_srank : forall x, (x < k)%nat -> XS x = true -> (ufl_rank XS x < nS)%nat.
  Proof. intros. apply ufl_rank_lt; auto. Qed.

  Lemma ufl_gen_nrank : forall x, (x < k)%nat -> XS x = false ->
    (ufl_rank (fun i => negb (XS i)) x < nN)%nat.
  Proof. intros x Hx Hs. apply ufl_rank_lt; auto. rewrite Hs. reflexivity. Qed.

  (** The sum of row x over M's outputs. *)
  Lemma ufl_gen_row_head : forall x, (x < k)%nat ->
    rsum m (Q x) = if XS x then 1 else 1 - ufl_own m r.
  Proof.
    intros x Hx. unfold Q, ufl_Q, ufl_own. destruct (XS x) eqn:E.
    - rewrite (rsum_ext m _ (M (ufl_rank XS x))).
      + apply HM. apply ufl_gen_srank; auto.
      + intros y Hy. destruct (Nat.ltb_spec y m); [reflexivity | lia].
    - rewrite (rsum_ext m _ r); [lra|].
      intros y Hy. destruct (Nat.ltb_spec y m); [reflexivity | lia].
  Qed.

  (** The sum of row x over the own outputs. *)
  Lemma ufl_gen_row_tail : forall x, (x < k)%nat ->
    rsum nN (fun i => Q x (m + i)%nat) = if XS x then 0 else ufl_own m r.
  Proof.
    intros x Hx. unfold Q, ufl_Q. destruct (XS x) eqn:E.
    - apply ufl_rsum_zero. intros i Hi. destruct (Nat.ltb_spec (m + i) m); [lia | reflexivity].
    - rewrite (rsum_ext nN _ (fun i => if Nat.eqb i (ufl_rank (fun i => negb (XS i)) x)
                                      then ufl_own m r else 0)).
      + apply rsum_single. apply ufl_gen_nrank; auto.
      + intros i Hi. destruct (Nat.ltb_spec (m + i) m); [lia|].
        destruct (Nat.eqb_spec (m + i) (m + ufl_rank (fun i => negb (XS i)) x));
          destruct (Nat.eqb_spec i (ufl_rank (fun i => negb (XS i)) x)); lia || reflexivity.
  Qed.

  Lemma ufl_gen_mechanism : Mechanism k W Q.
  Proof.
    split.
    - intros x y Hx Hy. unfold Q, ufl_Q.
      destruct (Nat.ltb_spec y m).
      + destruct (XS x) eqn:E; [apply HM; [apply ufl_gen_srank; auto | exact H] | apply ufl_gen_r_nonneg; auto].
      + destruct (XS x); [lra|]. destruct (Nat.eqb _ _); [apply ufl_gen_own_nonneg | lra].
    - intros x Hx. unfold W, ufl_width.
      destruct (Req_EM_T (ufl_own m r) 0) as [E|E].
      + rewrite ufl_gen_row_head by auto. destruct (XS x); lra.
      + rewrite ufl_rsum_split. fold nN. rewrite ufl_gen_row_head, ufl_gen_row_tail by auto.
        destruct (XS x); lra.
  Qed.

  Lemma ufl_gen_ratio : RatioBound k (Protected W (ufl_P m)) Q t.
  Proof.
    intros x x' y Hx Hx' [Hy HP]. unfold ufl_P in HP. apply Nat.ltb_lt in HP.
    unfold Q, ufl_Q. destruct (Nat.ltb_spec y m); [|lia].
    destruct HM as [Hnn _].
    destruct (XS x) eqn:E; destruct (XS x') eqn:E'.
    - apply HL; unfold Outputs; auto; apply ufl_gen_srank; auto.
    - apply Hhi; auto. apply ufl_gen_srank; auto.
    - pose proof (Hlo y (ufl_rank XS x') HP (ufl_gen_srank x' Hx' E')).
      pose proof (Hnn (ufl_rank XS x') y (ufl_gen_srank x' Hx' E') HP). nra.
    - pose proof (ufl_gen_r_nonneg y HP). nra.
  Qed.

  Lemma ufl_gen_cond1 : Cond1Literal k XS (Invertible W (ufl_P m)) Q.
  Proof.
    intros y [Hy HP]. unfold ufl_P in HP. apply Nat.ltb_ge in HP.
    unfold W, ufl_width in Hy.
    destruct (Req_EM_T (ufl_own m r) 0) as [E|E]; [lia|].
    assert (Hown : 0 < ufl_own m r) by (pose proof ufl_gen_own_nonneg; lra).
    destruct (ufl_rank_surj (fun i => negb (XS i)) k (y - m)) as [x [Hx [Hn Hr]]]; [lia|].
    apply Bool.negb_true_iff in Hn.
    exists x. split; [exact Hx|]. split; [exact Hn|]. split.
    - unfold Q, ufl_Q. destruct (Nat.ltb_spec y m); [lia|]. rewrite Hn.
      destruct (Nat.eqb_spec y (m + ufl_rank (fun i => negb (XS i)) x)); [exact Hown | lia].
    - intros x' Hx' Hne. unfold Q, ufl_Q. destruct (Nat.ltb_spec y m); [lia|].
      destruct (XS x') eqn:E'; [reflexivity|].
      destruct (Nat.eqb_spec y (m + ufl_rank (fun i => negb (XS i)) x')); [|reflexivity].
      exfalso. apply Hne. apply (ufl_rank_inj (fun i => negb (XS i))).
      + rewrite E'. reflexivity.
      + rewrite Hn. reflexivity.
      + lia.
  Qed.

  Lemma ufl_gen_uldp : Mechanism k W Q /\
    ULDPLiteral k XS (Protected W (ufl_P m)) (Invertible W (ufl_P m)) Q t /\
    ULDP k XS (Protected W (ufl_P m)) (Invertible W (ufl_P m)) Q t.
  Proof.
    split; [exact ufl_gen_mechanism|].
    split; split; try exact ufl_gen_ratio.
    - exact ufl_gen_cond1.
    - apply ufl_cond1_literal_reachable. exact ufl_gen_cond1.
  Qed.
End UflGeneric.

(* uldp:statement uldp_from_ldp *)
Theorem uldp_from_ldp : forall (k m : nat) (XS : nat -> bool) (M : nat -> nat -> R) (t : R),
  1 <= t -> (0 < ufl_rank XS k)%nat ->
  Mechanism (ufl_rank XS k) m M -> LDP (ufl_rank XS k) (Outputs m) M t ->
  let r := ufl_r_min M (ufl_rank XS k) in
  let W := ufl_width k XS m r in
  Mechanism k W (ufl_Q XS m M r) /\
  ULDPLiteral k XS (Protected W (ufl_P m)) (Invertible W (ufl_P m)) (ufl_Q XS m M r) t /\
  ULDP k XS (Protected W (ufl_P m)) (Invertible W (ufl_P m)) (ufl_Q XS m M r) t.
(* uldp:end *)
Proof.
  intros k m XS M t Ht HnS HM HL r W.
  apply ufl_gen_uldp; auto.
  - intros y i Hy Hi. unfold r, ufl_r_min.
    apply (ufl_min_spec (fun i => M i y)); auto.
  - intros y i Hy Hi. unfold r, ufl_r_min.
    destruct (ufl_min_spec (fun i => M i y) (ufl_rank XS k) HnS) as [_ [j [Hj ->]]].
    apply HL; auto.
Qed.

(* uldp:statement uldp_from_ldp_lowest *)
Theorem uldp_from_ldp_lowest : forall (k m : nat) (XS : nat -> bool) (M : nat -> nat -> R)
    (t : R),
  1 <= t -> (0 < ufl_rank XS k)%nat ->
  Mechanism (ufl_rank XS k) m M -> LDP (ufl_rank XS k) (Outputs m) M t ->
  let r := ufl_r_lowest M (ufl_rank XS k) t in
  let W := ufl_width k XS m r in
  Mechanism k W (ufl_Q XS m M r) /\
  ULDPLiteral k XS (Protected W (ufl_P m)) (Invertible W (ufl_P m)) (ufl_Q XS m M r) t /\
  ULDP k XS (Protected W (ufl_P m)) (Invertible W (ufl_P m)) (ufl_Q XS m M r) t.
(* uldp:end *)
Proof.
  intros k m XS M t Ht HnS HM HL r W.
  apply ufl_gen_uldp; auto.
  - intros y i Hy Hi. unfold r, ufl_r_lowest.
    destruct (ufl_max_spec (fun i => M i y) (ufl_rank XS k) HnS) as [_ [j [Hj ->]]].
    assert (M j y <= t * M i y) by (apply HL; auto).
    apply (Rmult_le_reg_l t); [lra|]. field_simplify; lra.
  - intros y i Hy Hi. unfold r, ufl_r_lowest.
    destruct (ufl_max_spec (fun i => M i y) (ufl_rank XS k) HnS) as [Hle _].
    specialize (Hle i Hi). field_simplify; lra.
Qed.

(* The mutant: r(y) = max over X_S of M(y|s). Instance: k = 3, X_S = {0, 1}, X_N = {2},
   M = [[1/3, 2/3], [2/3, 1/3]] (2-LDP), t = 2: r = (2/3, 2/3) sums to 4/3 > 1, so the own output
   of input 2 gets 1 - 4/3 = -1/3 and Q is no mechanism (the ratio on Y_P still holds). *)

(* uldp:statement mutant_uldp_from_ldp_largest *)
Definition ufl_r_largest (M : nat -> nat -> R) (nS : nat) (y : nat) : R :=
  ufl_max (fun i => M i y) nS.

Definition ufl_ex_M (x y : nat) : R :=
  match x, y with
  | O, O => 1 / 3
  | O, S O => 2 / 3
  | S O, O => 2 / 3
  | S O, S O => 1 / 3
  | _, _ => 0
  end.

Theorem mutant_uldp_from_ldp_largest :
  Mechanism 2 2 ufl_ex_M /\ LDP 2 (Outputs 2) ufl_ex_M 2 /\
  ufl_rank (fun x => Nat.ltb x 2) 3 = 2%nat /\
  1 < rsum 2 (ufl_r_largest ufl_ex_M 2) /\
  ~ Mechanism 3 (ufl_width 3 (fun x => Nat.ltb x 2) 2 (ufl_r_largest ufl_ex_M 2))
      (ufl_Q (fun x => Nat.ltb x 2) 2 ufl_ex_M (ufl_r_largest ufl_ex_M 2)).
(* uldp:end *)
Proof.
  assert (Hr : forall y, (y < 2)%nat -> ufl_r_largest ufl_ex_M 2 y = 2 / 3).
  { intros y Hy. unfold ufl_r_largest. simpl.
    destruct y as [|[|y]]; [| |lia]; simpl; unfold Rmax;
      destruct (Rle_dec _ _); lra. }
  assert (Hsum : rsum 2 (ufl_r_largest ufl_ex_M 2) = 4 / 3)
    by (simpl; rewrite !Hr by lia; lra).
  split.
  { split.
    - intros x y Hx Hy. destruct x as [|[|x]]; destruct y as [|[|y]]; simpl; lra || lia.
    - intros x Hx. destruct x as [|[|x]]; simpl; lra || lia. }
  split.
  { intros x x' y Hx Hx' Hy. unfold Outputs in Hy.
    destruct x as [|[|x]]; destruct x' as [|[|x']]; destruct y as [|[|y]]; simpl; lra || lia. }
  split; [reflexivity|].
  split; [lra|].
  intros [Hnn _].
  assert (Hown : ufl_own 2 (ufl_r_largest ufl_ex_M 2) = - (1 / 3))
    by (unfold ufl_own; rewrite Hsum; lra).
  assert (Hw : ufl_width 3 (fun x => Nat.ltb x 2) 2 (ufl_r_largest ufl_ex_M 2) = 3%nat).
  { unfold ufl_width. destruct (Req_EM_T _ 0) as [E|E]; [lra | reflexivity]. }
  rewrite Hw in Hnn. specialize (Hnn 2%nat 2%nat ltac:(lia) ltac:(lia)).
  unfold ufl_Q in Hnn. simpl in Hnn. rewrite Hown in Hnn. lra.
Qed.

Print Assumptions uldp_from_ldp.
Print Assumptions uldp_from_ldp_lowest.
Print Assumptions mutant_uldp_from_ldp_largest.
